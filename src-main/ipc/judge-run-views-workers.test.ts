import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDataFolder } from '../core/db/open-data-folder';
import { StorageNotices } from '../core/storage/storage-notices';
import { seedBigRun } from '../test-support/big-judge-run';
import type { BatchGridPage } from '../../src-shared/judge/batch-grid';
import { routerCalls, testServices } from './services.test-helper';

/*
 * The judge's views computed in the worker threads (docs/architecture.md, "Worker threads")
 * answer what main computed before, set a bad row aside through main, and stop with the caller.
 */
const open: { t: ReturnType<typeof testServices>; db: DatabaseSync; dir: string }[] = [];
afterEach(async () => {
  for (const { t, db, dir } of open.splice(0)) {
    await t.services.workers?.close();
    await t.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function setup(cases = 300) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-run-views-'));
  const notices = new StorageNotices();
  const db = openDataFolder(dir, notices);
  const big = seedBigRun(db, cases);
  const t = testServices({ database: db, dataDir: dir, notices, workers: true });
  open.push({ t, db, dir });
  await t.services.workers!.ready();
  return { t, big, db, notices, ...routerCalls(t.services) };
}

const grid = (id: string, more: object = {}) => ({
  id,
  sort: 'case',
  filter: 'all',
  offset: 0,
  limit: 50,
  ...more,
});

describe('the judge views in worker threads', () => {
  it('answer as main’s own services do: grid pages and sorts, a case, agreement, drift, export', async () => {
    const { t, big, call } = await setup();
    const s = t.services;
    for (const more of [
      {},
      { offset: 250 },
      { sort: 'confidence' },
      { sort: 'disagreement', filter: 'errors' },
    ]) {
      const input = grid(big.runA, more);
      expect(await call('judge.batch.grid', input)).toEqual(s.judgeBatchGrid.page(input as never));
    }
    const caseId = (await call<BatchGridPage>('judge.batch.grid', grid(big.runA))).rows[3].caseId;
    expect(await call('judge.batch.gridCase', { id: big.runA, caseId })).toEqual(
      s.judgeBatchGrid.case(big.runA, caseId),
    );
    expect(await call('judge.batch.agreement', { id: big.runA })).toEqual(
      s.judgeAgreement.agreement(big.runA),
    );
    const drift = { a: big.runA, b: big.runB, offset: 10, limit: 20 };
    expect(await call('judge.batch.drift', drift)).toEqual(s.judgeAgreement.drift(drift));
    await call('judge.batch.export', { id: big.runA, format: 'jsonl' });
    const [name] = t.saved;
    expect(t.savedText.get(name)).toBe(s.judgeBatchExport.text(big.runA, 'jsonl').text);
  });

  it('keep the typed failures: an unknown run is not_found', async () => {
    const { send } = await setup(5);
    const r = await send('judge.batch.grid', grid('no-such-run'));
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const a = await send('judge.batch.agreement', { id: 'no-such-run' });
    expect(a).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('set a result that fails its schema aside through main (a worker reads only), then answer without it', async () => {
    const { big, db, notices, call } = await setup(40);
    const seen: string[] = [];
    notices.onNotice((n) => seen.push(n.kind === 'set-aside' ? n.file : n.kind));
    const [bad] = db
      .prepare('SELECT case_id FROM judge_batch_results WHERE run_id = ? LIMIT 1')
      .all(big.runA) as {
      case_id: string;
    }[];
    db.prepare('UPDATE judge_batch_results SET data = ? WHERE run_id = ? AND case_id = ?').run(
      '{"answers": 5',
      big.runA,
      bad.case_id,
    );
    const sorted = await call<BatchGridPage>('judge.batch.grid', grid(big.runA, { sort: 'confidence' }));
    expect(sorted.total).toBe(39);
    expect(sorted.rows.some((r) => r.caseId === bad.case_id)).toBe(false);
    expect(seen).toEqual([`judge-batch-result ${big.runA}/${bad.case_id}`]);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 1 });
  });

  it('stop with their caller: a call whose page has gone is answered as aborted', async () => {
    const { t, big } = await setup(5);
    const gone = AbortSignal.abort(new Error('The page went away.'));
    const r = await t.services.judgeRunViews.agreement(big.runA, gone).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(r).toMatchObject({ error: { code: 'aborted', message: 'The page went away.' } });
  });

  it('follow marks and corrected labels: the worker’s index and loaded run are read again', async () => {
    const { big, call } = await setup(30);
    const first = await call<BatchGridPage>('judge.batch.grid', grid(big.runA, { sort: 'disagreement' }));
    const readCats = (r: BatchGridPage['rows'][number]) =>
      r.cells.find(
        (c) => c.question === 'cats' && c.type === 'noul' && c.verdict !== undefined && !c.problems,
      );
    const row = first.rows.find((r) => r.status === 'done' && readCats(r))!;
    const cats = readCats(row)!;
    const agreementBefore = await call('judge.batch.agreement', { id: big.runA });

    await call('judge.batch.mark', { id: big.runA, caseId: row.caseId, verdict: 'agree', comment: 'ok' });
    const agreed = await call<BatchGridPage>('judge.batch.grid', grid(big.runA, { filter: 'agreed' }));
    expect(agreed.rows.map((r) => [r.caseId, r.review])).toEqual([
      [row.caseId, { verdict: 'agree', commented: true, corrected: false }],
    ]);

    // The cats label flipped: the worker's grid reads the case against it.
    const kase = await call<{ expected?: Record<string, boolean> }>('judge.batch.gridCase', {
      id: big.runA,
      caseId: row.caseId,
    });
    await call('judge.batch.correctLabel', {
      id: big.runA,
      caseId: row.caseId,
      question: 'cats',
      value: !kase.expected!.cats,
    });
    const corrected = await call<BatchGridPage>('judge.batch.grid', grid(big.runA, { filter: 'corrected' }));
    expect(corrected.rows.map((r) => r.caseId)).toEqual([row.caseId]);
    const after = corrected.rows[0].cells.find((c) => c.question === 'cats')!;
    expect(after.disagrees).toBe(!cats.disagrees);
    expect(await call('judge.batch.agreement', { id: big.runA })).not.toEqual(agreementBefore);
  });
});
