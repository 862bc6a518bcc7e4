// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { all, parseHtml, rowTexts, svgParseErrors } from '../core/judge/report/report-dom.test-helper';
import { EXIT, judgeRun } from './judge-run';
import { sampleCaseFiles } from './sample-cases.test-helper';

const { dir, set: SET, cases: CASES } = sampleCaseFiles('gatehouse-cli-report-');
const questions = (JSON.parse(readFileSync(SET, 'utf8')) as { set: { questions: { name: string }[] } }).set
  .questions;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: {} } };
}

describe('gatehouse judge run --report', () => {
  it('writes the run’s agreement as the app’s self-contained HTML report, the printed figures in it', async () => {
    const t = io();
    const report = join(dir, 'report.html');
    expect(await judgeRun(['--set', SET, '--cases', CASES, '--sandbox', '--report', report], t.io)).toBe(
      EXIT.ok,
    );
    expect(t.err).toContain(`report written to ${report}`);
    const doc = parseHtml(readFileSync(report, 'utf8'));
    expect(doc.querySelector('h1')!.textContent).toBe('Agreement report: Support reply review');
    expect(all(doc, 'section.question').map((s) => s.getAttribute('aria-label'))).toEqual(
      questions.map((q) => q.name),
    );
    expect(svgParseErrors(doc)).toEqual([]);
    expect(all(doc, 'svg').length).toBeGreaterThanOrEqual(3);
    expect(all(doc, 'script, link, img')).toHaveLength(0);
    // The accuracy the table prints (to three places) is the report's (in percent, to one).
    const m = /^offers_refund\s+noul\s+40\/40\s+\S+\s+(\d\.\d{3}) \[(\d\.\d{3}), (\d\.\d{3})\]/m.exec(
      t.out.join('\n'),
    )!;
    const row = rowTexts(doc.querySelector('section.question[aria-label="offers_refund"]')!).find((r) =>
      r.startsWith('Accuracy | '),
    )!;
    const [, est, lo, hi] = /^Accuracy \| ([\d.]+)% \| \[([\d.]+)%, ([\d.]+)%\] \| Wilson$/
      .exec(row)!
      .map(Number);
    expect(est / 100).toBeCloseTo(Number(m[1]), 2);
    expect(lo / 100).toBeCloseTo(Number(m[2]), 2);
    expect(hi / 100).toBeCloseTo(Number(m[3]), 2);
    expect(doc.querySelector('footer')!.textContent).toMatch(/^Made by Gatehouse \d+\.\d+\.\d+ on /);
  });

  it('writes it in Simplified Chinese with --report-language zh-CN', async () => {
    const report = join(dir, 'report-zh.html');
    const t = io();
    expect(
      await judgeRun(
        ['--set', SET, '--cases', CASES, '--sandbox', '--report', report, '--report-language', 'zh-CN'],
        t.io,
      ),
    ).toBe(EXIT.ok);
    const doc = parseHtml(readFileSync(report, 'utf8'));
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(doc.querySelector('h1')!.textContent).toBe('一致性报告：Support reply review');
  });

  it('refuses a report it could not write, or a language it has not, before anything is sent', async () => {
    const missing = join(dir, 'no-such-folder', 'report.html');
    const t = io();
    expect(await judgeRun(['--set', SET, '--cases', CASES, '--sandbox', '--report', missing], t.io)).toBe(
      EXIT.failed,
    );
    expect(t.err.join('\n')).toMatch(/^--report: the folder .*no-such-folder does not exist/);
    expect(existsSync(missing)).toBe(false);
    const fr = io();
    expect(
      await judgeRun(['--set', SET, '--cases', CASES, '--sandbox', '--report-language', 'fr'], fr.io),
    ).toBe(EXIT.failed);
    expect(fr.err).toEqual(['--report-language must be one of en, zh-CN']);
    const help = io();
    expect(await judgeRun(['--help'], help.io)).toBe(EXIT.ok);
    expect(help.out.join('\n')).toMatch(/--report report\.html\] \[--report-language en\|zh-CN\]/);
    expect(help.out.join('\n')).toMatch(
      /--report writes the run's agreement as one self-contained HTML file/,
    );
  });

  it('--drift-model judges the cases again on another model, says per question whether they differ, and --drift-report writes it', async () => {
    const t = io();
    const report = join(dir, 'drift.html');
    expect(
      await judgeRun(
        [
          '--set',
          SET,
          '--cases',
          CASES,
          '--sandbox',
          '--drift-model',
          'judge-preview',
          '--drift-report',
          report,
        ],
        t.io,
      ),
    ).toBe(EXIT.ok);
    expect(t.out).toContain('drift: A = judge-1.13.0, B = judge-preview');
    // One flips sentence per question, with the cases both runs answered, then each metric's delta.
    for (const q of questions) {
      const at = t.out.findIndex((l) => l.startsWith(`${q.name} (40 cases): B right where A was wrong on `));
      expect(at, q.name).toBeGreaterThan(-1);
      expect(t.out[at + 1]).toMatch(/^ {2}accuracy: B − A = [+−-]?\d/);
    }
    expect(t.err).toContain(`drift report written to ${report}`);
    const doc = parseHtml(readFileSync(report, 'utf8'));
    expect(svgParseErrors(doc)).toEqual([]);
    expect(doc.querySelector('h1')!.textContent).toContain('Support reply review');
    expect(doc.body.textContent).toContain('judge-preview');
  });

  it('refuses --drift-report without --drift-model, or an unknown drift model, before anything is sent', async () => {
    const alone = io();
    expect(
      await judgeRun(
        ['--set', SET, '--cases', CASES, '--sandbox', '--drift-report', join(dir, 'x.html')],
        alone.io,
      ),
    ).toBe(EXIT.failed);
    expect(alone.err.join('\n')).toContain('--drift-report needs --drift-model');
    const unknown = io();
    expect(
      await judgeRun(['--set', SET, '--cases', CASES, '--sandbox', '--drift-model', 'judge-9'], unknown.io),
    ).toBe(EXIT.failed);
    expect(unknown.err.join('\n')).toContain('--drift-model must be one of judge-1.13.0');
    expect(unknown.out).toEqual([]);
  });
});
