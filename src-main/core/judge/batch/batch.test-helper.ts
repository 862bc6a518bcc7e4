import type { DatabaseSync } from 'node:sqlite';
import { createRepositories } from '../../db/repositories';
import { GatewayClient } from '../../gateway/gateway-client';
import { RequestLog } from '../../gateway/request-log';
import { ProfileService } from '../../profiles/profile-service';
import { MemoryKeyValueStore } from '../../storage/key-value-store';
import { StorageNotices } from '../../storage/storage-notices';
import { KeyVault } from '../../vault/key-vault';
import { startSandbox, type SandboxServer } from '../../../sandbox/server';
import { openMemoryDatabase } from '../../db/open-database';
import type { CaseDraft } from '../../../../src-shared/judge/case-answers';
import { setCaseSource } from './set-case-source';
import type { BatchCase, BatchProgress } from '../../../../src-shared/judge/batch-run';
import { sampleQuestions } from '../sample-questions.test-helper';
import { BatchService } from './batch-service';
import type { CaseSource } from './case-source';

/**
 * The batch service as createServices wires it, on a given database and a given Sandbox, so a
 * test can close one and open another on the same data (a restart) against the same server.
 */
export function openBatch(
  db: DatabaseSync,
  sandbox: SandboxServer,
  named?: Record<string, CaseSource> | ((key: string) => CaseSource | undefined),
) {
  const notices = new StorageNotices();
  const repos = createRepositories({ db, notices });
  const settings = new MemoryKeyValueStore();
  const profiles = new ProfileService(settings, new KeyVault(null, settings), {
    origin: async () => sandbox.origin,
    current: () => sandbox.origin,
  });
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() });
  const events: BatchProgress[] = [];
  const service = new BatchService({
    batches: repos.batches,
    sets: repos.sets,
    client,
    profiles,
    emit: (p) => events.push(p),
    namedSources: (key) => (typeof named === 'function' ? named(key) : named?.[key]),
  });
  return { service, repos, events };
}

/**
 * A Sandbox and the batch service over the sample set whose saved cases are `drafts` (ids c1,
 * c2, …), named as a case source the way createServices names it; `close` ends both.
 */
export async function openSetBatch(drafts: CaseDraft[]) {
  const sandbox = await startSandbox();
  const db = openMemoryDatabase();
  const probe = openBatch(db, sandbox);
  await probe.service.dispose();
  saveSampleSet(probe.repos);
  let n = 0;
  probe.repos.cases.append('set-1', drafts, () => `c${++n}`, 1);
  const b = openBatch(db, sandbox, (key) => setCaseSource(probe.repos.cases, key));
  const close = async () => {
    await b.service.dispose();
    await sandbox.close();
  };
  return { ...b, db, close };
}

export function saveSampleSet(repos: ReturnType<typeof createRepositories>, id = 'set-1') {
  return repos.sets.put({
    id,
    name: `Sample ${id}`,
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions: sampleQuestions }],
  });
}

export const textCases = (n: number, prefix = 'case'): BatchCase[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(3, '0')}`,
    state: { mode: 'text', text: `${prefix} ${i}: calm words about cats, fine service` },
  }));

/** Waits until `check` holds, polling; fails with `what` after the timeout. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
