import { afterEach, describe, expect, it } from 'vitest';
import { evalRecordSchema } from '../../../src-shared/evals/eval-definition';
import { openMemoryDatabase } from '../db/open-database';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { openEvalRuns, sampleRows, saveSampleEval, WireCounter } from './eval-run.test-helper';

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const THRESHOLD = 0.3;

/** The sample eval with a similarity check of each reply against the customer's own message. */
async function setup(rows: number) {
  const sandbox = await startSandbox({ tokenDelayMs: 0 });
  servers.push(sandbox);
  const db = openMemoryDatabase();
  const record = saveSampleEval(db, rows);
  const wire = new WireCounter();
  const opened = openEvalRuns(db, sandbox, wire);
  opened.repos.evals.put(
    evalRecordSchema.parse({
      ...record,
      grader: undefined,
      similarity: {
        embeddingsModel: 'sandbox-embed-1',
        referenceColumn: 'customer_message',
        threshold: THRESHOLD,
      },
    }),
  );
  return { sandbox, wire, ...opened };
}

/** Asked of the Sandbox directly, outside the app's code: the vectors the check should compare. */
async function embedded(origin: string, text: string): Promise<number[]> {
  const res = await fetch(`${origin}/v1/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'sandbox-embed-1', input: [text] }),
  });
  return ((await res.json()) as { data: { embedding: number[] }[] }).data[0].embedding;
}

const cos = (a: number[], b: number[]) => {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return dot / (norm(a) * norm(b));
};

describe('the similarity check on the Sandbox', () => {
  it('embeds each reply and each row’s reference once, stores the cosine and counts it among the checks', async () => {
    const { sandbox, service, repos, wire } = await setup(3);
    const run = await service.settled(service.start('support', 4).id);
    expect(run.state).toBe('done');
    expect(repos.runs.counts(run.id)).toEqual({ done: 12, failed: 0 });
    // 12 replies and 3 references: a row's reference is embedded once, not once per column.
    expect(wire.embeddings).toBe(12 + 3);
    expect(wire.chat).toBe(12);
    const cells = repos.runs.cells(run.id, 0, 3);
    for (const c of cells) {
      const check = c.checks?.find((k) => k.kind === 'similarity');
      expect(c.similarity).toBeGreaterThanOrEqual(-1);
      expect(c.similarity).toBeLessThanOrEqual(1);
      expect(check?.pass).toBe(c.similarity! >= THRESHOLD);
      expect(check?.reason).toContain('{{customer_message}}');
      expect(c.checks?.map((k) => k.kind)).toEqual(['contains', 'max-length', 'similarity']);
    }
    const one = cells.find((c) => c.row === 1 && c.variantId === 'B')!;
    const expected = cos(
      await embedded(sandbox.origin, one.reply!.text),
      await embedded(sandbox.origin, sampleRows[1].variables.customer_message),
    );
    expect(one.similarity).toBeCloseTo(expected, 5);
  });

  it('a re-run takes each cached reply’s similarity with it and embeds nothing', async () => {
    const { service, repos, wire } = await setup(2);
    const first = await service.settled(service.start('support', 2).id);
    const embeddings = wire.embeddings;
    const second = await service.settled(service.start('support', 2).id);
    expect(second.state).toBe('done');
    expect(wire.embeddings).toBe(embeddings);
    const similarities = (id: string) => repos.runs.cells(id, 0, 2).map((c) => c.similarity);
    expect(similarities(second.id)).toEqual(similarities(first.id));
    expect(similarities(second.id).every((s) => typeof s === 'number')).toBe(true);
  });
});

describe('the similarity check when embedding fails', () => {
  it('keeps the reply and says the similarity check failed, naming the gateway’s words', async () => {
    const { service, repos } = await setup(1);
    const record = repos.evals.get('support')!;
    repos.evals.put(
      evalRecordSchema.parse({
        ...record,
        similarity: { ...record.similarity!, embeddingsModel: 'no-such-embedder' },
      }),
    );
    const run = await service.settled(service.start('support', 2).id);
    expect(repos.runs.counts(run.id)).toEqual({ done: 0, failed: 4 });
    for (const c of repos.runs.cells(run.id, 0, 1)) {
      expect(c.reply?.text.length).toBeGreaterThan(0);
      expect(c.error?.message).toMatch(/^The similarity check could not embed the reply or its reference: /);
      expect(c.error?.message).toContain('no-such-embedder');
    }
  });
});
