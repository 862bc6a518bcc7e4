import { AppFailure } from '../../../src-shared/result';
import { QuarantineNeeded } from '../db/quarantine';
import { serveJobs, Transfer } from './worker-host';

/** A worker for the pool's own tests: jobs that answer, fail, spin, report and die on demand. */
serveJobs({
  echo: (input: unknown) => input,
  /** Holds its thread for `ms`, as a long computation does: only ending the worker stops it. */
  spin: ({ ms }: { ms: number }) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
    return 'spun';
  },
  steps: ({ n }: { n: number }, job) => {
    for (let i = 1; i <= n; i++) job.progress({ phase: 'step', done: i, total: n });
    return n;
  },
  refuse: () => {
    throw new AppFailure({ code: 'not_found', message: 'No such thing.', details: { why: 'test' } });
  },
  throws: () => {
    throw new TypeError('boom');
  },
  quarantine: () => {
    throw new QuarantineNeeded([{ kind: 'k', id: 'i', raw: '', reason: 'r' }]);
  },
  bytes: ({ text }: { text: string }) => {
    const bytes = new TextEncoder().encode(text);
    return new Transfer({ bytes }, [bytes.buffer]);
  },
  exit: () => process.exit(7),
});
