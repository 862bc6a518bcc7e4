import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientsToRun, CPU_BUDGET_VS_RAW, type Run, summarise, verdict } from './client-bench';

const run = (firstTokenMs: number, totalMs: number, cpuMs: number, mainMs = cpuMs / 2): Run => ({
  firstTokenMs,
  totalMs,
  cpuMs,
  mainMs,
});

describe('summarise', () => {
  it('gives medians, the spreads, and the median of each round’s ratio to the baseline', () => {
    const results = new Map<string, Run[]>([
      ['app', [run(8, 300, 90), run(6, 200, 60), run(7, 250, 80)]],
      ['raw fetch', [run(5, 240, 60), run(4, 200, 30), run(6, 260, 40)]],
    ]);
    const [app, raw] = summarise(results, 'raw fetch');
    expect(app).toMatchObject({
      name: 'app',
      firstMs: 7,
      wholeMs: 250,
      minWholeMs: 200,
      maxWholeMs: 300,
      cpuMs: 80,
      minCpuMs: 60,
      maxCpuMs: 90,
    });
    // Rounds' ratios: first 8/5, 6/4, 7/6; whole 300/240, 200/200, 250/260; CPU 90/60, 60/30, 80/40.
    expect(app.vsBaseline).toEqual([6 / 4, 1, 2, 2]);
    expect(raw.vsBaseline).toEqual([1, 1, 1, 1]);
  });

  it('takes the middle pair of an even number of rounds', () => {
    const results = new Map([
      ['raw fetch', [run(1, 10, 1), run(3, 30, 3)]],
      ['app', [run(1, 10, 1.2), run(3, 30, 4.2)]],
    ]);
    const [raw, app] = summarise(results, 'raw fetch');
    expect(raw).toMatchObject({ firstMs: 2, wholeMs: 20, cpuMs: 2 });
    expect(app.vsBaseline[2]).toBeCloseTo((1.2 + 1.4) / 2);
  });
});

describe('verdict', () => {
  const rows = (appCpu: number) =>
    summarise(
      new Map([
        ['gateway client (app)', [run(1, 10, appCpu)]],
        ['raw fetch', [run(1, 10, 100)]],
        ['openai client', [run(1, 10, 150)]],
      ]),
      'raw fetch',
    );

  it('is ok within the budget, with the official client beside it', () => {
    expect(verdict(rows(100 * CPU_BUDGET_VS_RAW))).toBe(
      'Client CPU: app 1.30x raw fetch (budget 1.3x) ok; openai client 1.50x',
    );
  });

  it('says OVER past the budget', () => {
    expect(verdict(rows(131))).toMatch(/app 1\.31x raw fetch \(budget 1\.3x\) OVER/);
  });
});

describe('clientsToRun', () => {
  it('reads the app client of each compared checkout beside the three, each from its own code', () => {
    const clients = clientsToRun('/work/here', ['/work/before-change', '../older/']);
    expect(clients.map((c) => [c.client, c.root])).toEqual([
      ['app', '/work/here'],
      ['raw', '/work/here'],
      ['openai', '/work/here'],
      ['app', '/work/before-change'],
      ['app', resolve('../older')],
    ]);
    const labels = clients.map((c) => c.label);
    expect(new Set(labels).size).toBe(5);
    expect(labels.slice(3)).toEqual(['app 1: before-change', 'app 2: older']);
    // The table's name column is 22 characters wide.
    expect(clientsToRun('/x', ['/a/checkout-with-a-long-name'])[3].label).toHaveLength(22);
  });
});
