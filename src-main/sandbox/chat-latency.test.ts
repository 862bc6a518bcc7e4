import { describe, expect, it } from 'vitest';
import { LATENCY_WRITE_GAP_MS, latencyPlan, latestDue } from './chat-latency';
import { splitInAppSandboxArgs } from './cli-args';
import { startSandbox } from './server';
import { chatBody, post, readSse } from './test-helpers';

// Counts, never times: how long the reply takes is the bench's to measure (docs/architecture.md, "Benchmarks").
describe('latencyPlan', () => {
  it('shares the pieces out over writes at equal steps, the last due at the latency exactly', () => {
    const plan = latencyPlan(57, 200);
    expect(plan).toHaveLength(200 / LATENCY_WRITE_GAP_MS);
    expect(plan.at(-1)).toEqual({ end: 57, dueMs: 200 });
    const steps = plan.map((w, i) => w.dueMs - (i ? plan[i - 1].dueMs : 0));
    expect(steps.reduce((a, b) => a + b, 0)).toBe(200);
    expect(new Set(steps.map((s) => s.toFixed(9)))).toEqual(new Set(['10.000000000']));
    // Every piece in exactly one write, in order, none empty.
    const sizes = plan.map((w, i) => w.end - (i ? plan[i - 1].end : 0));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(57);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });

  it('writes one piece a write when the reply is short, and one write at the end for none', () => {
    expect(latencyPlan(4, 200)).toEqual([
      { end: 1, dueMs: 50 },
      { end: 2, dueMs: 100 },
      { end: 3, dueMs: 150 },
      { end: 4, dueMs: 200 },
    ]);
    expect(latencyPlan(0, 200)).toEqual([{ end: 0, dueMs: 200 }]);
    expect(latencyPlan(30, 0)).toEqual([{ end: 30, dueMs: 0 }]);
  });

  it('sends every write already due after a late timer, so the reply still ends on time', () => {
    const plan = latencyPlan(40, 200);
    expect(latestDue(plan, 0, 5)).toBe(0);
    expect(latestDue(plan, 0, 35)).toBe(2);
    expect(latestDue(plan, 3, 10_000)).toBe(plan.length - 1);
  });
});

describe('--chat-latency-ms', () => {
  it('streams the same reply as without it, in no more reads than the plan has writes (plus role and end)', async () => {
    const paced = await startSandbox({ chatLatencyMs: 100 });
    const plain = await startSandbox({ tokenDelayMs: 0 });
    try {
      const body = chatBody('Please write 40 tokens about tea.', { stream: true });
      const reads: number[] = [];
      const res = await post(paced.baseUrl, '/chat/completions', body);
      const counted = new Response(
        res.body!.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, c) {
              reads.push(chunk.length);
              c.enqueue(chunk);
            },
          }),
        ),
      );
      const got = await readSse(counted);
      const want = await readSse(await post(plain.baseUrl, '/chat/completions', body));
      const text = (r: typeof got) =>
        r.data
          .filter((d) => d !== '[DONE]')
          .map(
            (d) =>
              (JSON.parse(d) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ??
              '',
          )
          .join('');
      expect(text(got)).toBe(text(want));
      expect(got.data.at(-1)).toBe('[DONE]');
      const contentChunks = got.data.filter((d) => d.includes('"content":"') && !d.includes('"role"')).length;
      expect(reads.length).toBeLessThanOrEqual(latencyPlan(contentChunks, 100).length + 2);
      // A plain reply waits as long, then answers the same text.
      const whole = (await (
        await post(paced.baseUrl, '/chat/completions', chatBody('Please write 40 tokens about tea.'))
      ).json()) as { choices: { message: { content: string } }[] };
      expect(whole.choices[0].message.content).toBe(text(want));
    } finally {
      await paced.close();
      await plain.close();
    }
  });

  it('reaches the in-app Sandbox as --sandbox-chat-latency-ms', () => {
    expect(splitInAppSandboxArgs(['--sandbox-chat-latency-ms', '200', '--port', '0'])).toEqual({
      sandbox: { kind: 'run', options: { port: 0, chatLatencyMs: 200 } },
      rest: ['--port', '0'],
    });
  });
});
