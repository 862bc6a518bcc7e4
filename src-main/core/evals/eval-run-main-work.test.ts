import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { until } from '../judge/batch/batch.test-helper';
import { openEvalRuns, saveSampleEval, WireCounter } from './eval-run.test-helper';

/**
 * What main does per cell while a run sends (issue 24, docs/architecture.md "Evals"): counted,
 * never timed. A cell must not read and parse its run's record (the definition, checked by its
 * schema): that work and its garbage were main's per cell, 4,000 times in the bench's run.
 */
const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(rows: number, extra: Parameters<typeof openEvalRuns>[3] = {}) {
  const sandbox = await startSandbox({ tokenDelayMs: 0 });
  servers.push(sandbox);
  const db = openMemoryDatabase();
  saveSampleEval(db, rows);
  const opened = openEvalRuns(db, sandbox, new WireCounter(), extra);
  const getRun = vi.spyOn(opened.repos.runs, 'getRun');
  return { ...opened, getRun };
}

describe('an eval run’s work on main per cell', () => {
  it('reads the run’s record once per progress event, not once per cell', async () => {
    const { service, events, getRun } = await setup(10);
    const { id } = service.start('support', 4);
    const readsAtStart = getRun.mock.calls.length;
    const run = await service.settled(id);
    expect(run.state).toBe('done');
    const during = getRun.mock.calls.length - readsAtStart;
    const sent = events.length;
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 40, total: 40 });
    // One read per event that went out, the end's own and `settled`'s, whatever the cells: the
    // old path read it for each of the 40 cells as well.
    expect(during).toBeLessThanOrEqual(sent + 2);
  });

  it('a run answered from the cache reads the earlier run’s record once, not once per cell', async () => {
    const { service, events, getRun } = await setup(10);
    await service.settled(service.start('support', 4).id);
    const eventsBefore = events.length;
    const readsBefore = getRun.mock.calls.length;
    const again = await service.settled(service.start('support', 4).id);
    expect(again.state).toBe('done');
    const last = events.at(-1)!;
    expect(last).toMatchObject({ state: 'done', done: 40, cached: 40, sent: 0 });
    const reads = getRun.mock.calls.length - readsBefore;
    const sent = events.length - eventsBefore;
    // One per event, plus the earlier run's (its grader compared once), the end's own read and
    // `settled`: the old path read the earlier run for each of the 40 cached cells.
    expect(reads).toBeLessThanOrEqual(sent + 3);
  });

  it('holds main’s checkpoints off while it sends, each session once, and hands them back when it stops', async () => {
    let held = 0;
    let sessions = 0;
    const heldWhenWritten: number[] = [];
    const wal = {
      hold: () => {
        held++;
        sessions++;
        let released = false;
        return () => {
          if (!released) held--;
          released = true;
        };
      },
    };
    const { service, repos } = await setup(5, { wal });
    const putCell = repos.runs.putCell.bind(repos.runs);
    repos.runs.putCell = (cell) => {
      heldWhenWritten.push(held);
      return putCell(cell);
    };
    const { id } = service.start('support', 1);
    await until(() => repos.runs.counts(id).done >= 3, '3 cells done');
    expect((await service.pause(id)).state).toBe('paused');
    expect(held).toBe(0);
    service.resume(id, 2);
    expect((await service.settled(id)).state).toBe('done');
    expect(held).toBe(0);
    expect(sessions).toBe(2);
    expect(heldWhenWritten).toHaveLength(20);
    expect(heldWhenWritten.every((h) => h === 1)).toBe(true);
  });

  it('starting a run answers before its first event, its first page of rows and its first request', async () => {
    const { service, repos, events, getRun } = await setup(3);
    const rows = vi.spyOn(repos.evals, 'rows');
    const started = service.start('support', 4);
    expect(started).toMatchObject({ state: 'running', plan: { cells: 12 } });
    // Nothing of the run's own work in the route's turn: the old path read its first page of rows,
    // rendered and hashed its first requests and sent its first event before answering.
    expect(rows).not.toHaveBeenCalled();
    expect(events).toHaveLength(0);
    expect(getRun).not.toHaveBeenCalled();
    expect(repos.runs.getRun(started.id)).toEqual(started);
    const run = await service.settled(started.id);
    expect(run.state).toBe('done');
    expect(events[0]).toMatchObject({ runId: started.id, state: 'running', total: 12 });
  });
});
