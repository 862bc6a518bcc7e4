import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { evalRecordSchema, type EvalRecord } from '../../../src-shared/evals/eval-definition';
import { evalRepository } from '../db/eval-repository';
import { evalRunRepository } from '../db/eval-repository-runs';
import { questionSetRepository } from '../db/question-set-repository';
import { GatewayClient } from '../gateway/gateway-client';
import { RequestLog } from '../gateway/request-log';
import { readEnvelope } from '../judge/set-transfer';
import { ProfileService } from '../profiles/profile-service';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { StorageNotices } from '../storage/storage-notices';
import { KeyVault } from '../vault/key-vault';
import type { SandboxServer } from '../../sandbox/server';
import { type EvalRunProgress, EvalRunService, type EvalRunServiceDeps } from './eval-run-service';

const samples = join(import.meta.dirname, '../../../resources/samples');

/** The sample eval's prompts, word for word from resources/samples/README.md. */
const readme = readFileSync(join(samples, 'README.md'), 'utf8');
const quoted = (label: string) => {
  const m = new RegExp(`${label}:\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!m) throw new Error(`README.md has no ${label} block`);
  return m[1];
};
export const PROMPT_A = quoted('Variant A, system');
export const PROMPT_B = quoted('Variant B, system');
const USER = quoted('Both variants, user');

export const sampleRows = readFileSync(join(samples, 'support-eval-rows.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => ({ variables: JSON.parse(l) as Record<string, string> }));

/** Requests that left for the Sandbox, by endpoint, and chat requests by their exact body. */
export class WireCounter {
  chat = 0;
  judge = 0;
  embeddings = 0;
  readonly chatBodies = new Map<string, number>();

  readonly fetch = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(url)).pathname;
    if (path.endsWith('/chat/completions')) {
      this.chat++;
      const key = createHash('sha256').update(String(init?.body)).digest('hex');
      this.chatBodies.set(key, (this.chatBodies.get(key) ?? 0) + 1);
    } else if (path.endsWith('/systemone')) this.judge++;
    else if (path.endsWith('/embeddings')) this.embeddings++;
    return fetch(url, init);
  };

  /** The most times any one chat request was sent. */
  mostSends(): number {
    return Math.max(0, ...this.chatBodies.values());
  }
}

/** The sample eval (two prompts × two Sandbox models, graded by the sample support set) on `rows` rows. */
export function saveSampleEval(db: DatabaseSync, rows: number, id = 'support'): EvalRecord {
  const notices = new StorageNotices();
  const { set } = readEnvelope(readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'));
  questionSetRepository({ db, notices }).put({
    id: 'support-set',
    name: set.name,
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions: set.questions }],
  });
  const evals = evalRepository({ db, notices });
  const record = evals.put(
    evalRecordSchema.parse({
      id,
      name: 'Support replies',
      createdAt: 1,
      updatedAt: 1,
      dataset: {
        source: { kind: 'stored' },
        columns: ['customer_name', 'product', 'order_id', 'customer_message'],
      },
      variants: [
        { id: 'A', name: 'Plain', system: PROMPT_A, user: USER },
        { id: 'B', name: 'Apologise and resolve', system: PROMPT_B, user: USER },
      ],
      targets: [
        { id: 'one', profileId: 'sandbox', model: 'sandbox-chat-1' },
        { id: 'mini', profileId: 'sandbox', model: 'sandbox-chat-mini' },
      ],
      grader: { set: { kind: 'saved', setId: 'support-set', revision: 1 }, judgeModel: 'judge-1.13.0' },
      checks: [
        { kind: 'contains', text: '{{customer_name}}' },
        { kind: 'max-length', chars: 2000 },
      ],
    }),
  );
  evals.appendRows(id, sampleRows.slice(0, rows));
  return record;
}

/** The service as the app would build it, on a given database and Sandbox (so a test can restart it). */
export function openEvalRuns(
  db: DatabaseSync,
  sandbox: SandboxServer,
  wire: WireCounter,
  extra: Pick<EvalRunServiceDeps, 'wal'> = {},
) {
  const notices = new StorageNotices();
  const repos = {
    evals: evalRepository({ db, notices }),
    runs: evalRunRepository({ db, notices }),
    sets: questionSetRepository({ db, notices }),
  };
  const settings = new MemoryKeyValueStore();
  const vault = new KeyVault(null, settings);
  const profiles = new ProfileService(settings, vault, {
    origin: async () => sandbox.origin,
    current: () => sandbox.origin,
  });
  const client = new GatewayClient({ fetch: wire.fetch, log: new RequestLog() });
  const events: EvalRunProgress[] = [];
  const service = new EvalRunService({ ...repos, client, profiles, emit: (p) => events.push(p), ...extra });
  return { service, repos, events, vault };
}
