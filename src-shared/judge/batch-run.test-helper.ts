import type { BatchRun } from './batch-run';

/**
 * The fields a batch run's record has in tests on both sides of the IPC: run-1 of the sample
 * set's first revision, running, nothing spent yet. Main's tests add where its cases come from,
 * the window's the counts its view carries.
 */
export function batchRunFields(over: Partial<Omit<BatchRun, 'source'>> = {}): Omit<BatchRun, 'source'> {
  return {
    id: 'run-1',
    setId: 'set-1',
    setRevision: 1,
    model: 'judge-1.13.0',
    state: 'running',
    createdAt: 1,
    updatedAt: 1,
    concurrency: 2,
    totals: { cases: 2 },
    tokens: 0,
    yuan: 0,
    versions: {},
    rateLimited: 0,
    ...over,
  };
}
