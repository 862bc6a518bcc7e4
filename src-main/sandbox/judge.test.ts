import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { startSandbox, type SandboxServer } from './server';
import { KEY } from './test-helpers';

let server: SandboxServer;
let poor: SandboxServer;

beforeAll(async () => {
  server = await startSandbox({ balanceYuan: 1 });
  poor = await startSandbox({ balanceYuan: 0.001 });
});
afterAll(async () => {
  await server.close();
  await poor.close();
});

const body = (extra: Record<string, unknown> = {}) => ({
  model: 'judge-1.13.0',
  state: 'The customer was angry and shouted about the late delivery',
  questions: {
    tone: {
      type: 'choice',
      instructions: 'What is the tone?',
      criteria: { calm: 'calm and polite', angry: 'angry, shouted' },
    },
    quality: {
      type: 'score',
      instructions: 'How good was the delivery?',
      criteria: ['late delivery', 'on time', 'early'],
    },
    refund: { type: 'noul', instructions: 'The customer asks for a refund' },
  },
  ...extra,
});

function judge(s: SandboxServer, payload: unknown, segment = 'partner') {
  return fetch(`${s.origin}/${segment}/v1/systemone`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

describe('sandbox judge', () => {
  it('answers deterministically with distributions that sum to 1', async () => {
    const res = await judge(server, body(), 'acme');
    expect(res.status).toBe(200);
    const json = await jsonBody(res);
    expect(json.model).toBe('judge-1.13.0');
    const { tone, quality, refund } = json.answers;
    expect(tone.choice).toBe('angry');
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(tone.probabilities)).toBeCloseTo(1, 9);
    expect(tone.probabilities.angry).toBeGreaterThan(tone.probabilities.calm);
    expect(Object.keys(quality.probabilities)).toEqual(['0', '1', '2']);
    expect(sum(quality.probabilities)).toBeCloseTo(1, 9);
    expect(quality.score).toBeGreaterThanOrEqual(0);
    expect(quality.score).toBeLessThanOrEqual(2);
    expect(quality.probabilities['0']).toBe(Math.max(...(Object.values(quality.probabilities) as number[])));
    for (const c of [tone.confidence, quality.confidence]) {
      expect(c).toBeGreaterThan(0);
      expect(c).toBeLessThan(1);
    }
    expect(refund.noul).toBeGreaterThan(0);
    expect(refund.noul).toBeLessThan(1);
    expect(refund.confidence).toBeUndefined();
    expect(json.usage.input_tokens).toBeGreaterThan(10);
    const again = await jsonBody(await judge(server, body()));
    expect(again.answers).toEqual(json.answers);
  });

  it('names the version that answered an alias', async () => {
    expect((await jsonBody(await judge(server, body({ model: 'judge-latest' })))).model).toBe('judge-1.14.0');
    expect((await jsonBody(await judge(server, body({ model: 'judge-preview' })))).model).toBe(
      'judge-1.15.0-preview',
    );
  });

  it('refuses bad requests with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [body({ stream: true }), 'stream', /stream must be omitted or false/],
      [body({ questions: {} }), 'questions', /at least one question/],
      [body({ state: 42 }), 'state', /text, a JSON object or a list of texts/],
      [body({ state: ['ok', 3] }), 'state[1]', /must be text/],
      [
        body({ questions: { q: { type: 'rank', instructions: 'x' } } }),
        'questions.q.type',
        /choice, score, noul/,
      ],
      [
        body({ questions: { q: { type: 'score', instructions: 'x', criteria: ['one'] } } }),
        'questions.q.criteria',
        /2 to 10 levels/,
      ],
      [
        body({ questions: { q: { type: 'score', instructions: 'x', criteria: Array(11).fill('l') } } }),
        'questions.q.criteria',
        /2 to 10 levels/,
      ],
      [
        body({ questions: { q: { type: 'choice', instructions: 'x', criteria: { a: 'A' } } } }),
        'questions.q.criteria',
        /at least 2 options/,
      ],
      [
        body({ questions: { q: { type: 'choice', instructions: 'x' } } }),
        'questions.q.criteria',
        /must be an object/,
      ],
      [body({ state: 'word '.repeat(30_000) }), 'state', /limit is 32768/],
    ];
    for (const [payload, param, message] of cases) {
      const res = await judge(server, payload);
      expect(res.status, param).toBe(400);
      const { error } = await jsonBody(res);
      expect(error.param).toBe(param);
      expect(error.message).toMatch(message);
    }
  });

  it('answers questions named like Object.prototype members as plain keys', async () => {
    const noul = { type: 'noul', instructions: 'The customer is angry' };
    const text = `{"model":"judge-1.13.0","state":"angry customer","questions":{"__proto__":${JSON.stringify(noul)},"constructor":${JSON.stringify(noul)}}}`;
    const res = await fetch(`${server.origin}/partner/v1/systemone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: text,
    });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain('"__proto__":{"type":"noul"');
    expect(Object.keys(JSON.parse(raw).answers)).toEqual(['__proto__', 'constructor']);
  });

  it('answers 404 for an unknown judge model', async () => {
    for (const model of ['judge-9', 'sandbox-chat-1']) {
      const res = await judge(server, body({ model }));
      expect(res.status).toBe(404);
      expect((await jsonBody(res)).error.code).toBe('model_not_found');
    }
  });

  it('reserves 64k tokens, settles the real cost, and answers 402 when the balance is short', async () => {
    const before = server.state.balanceYuan!;
    const res = await judge(server, body());
    const { usage } = await jsonBody(res);
    expect(server.state.balanceYuan).toBeCloseTo(before - (usage.input_tokens * 0.35) / 1e6, 9);

    const broke = await judge(poor, body());
    expect(broke.status).toBe(402);
    expect((await jsonBody(broke)).error.message).toMatch(/reserves 0\.0229 yuan.*balance is 0\.0010 yuan/);
    expect(poor.state.balanceYuan).toBe(0.001);
  });
});
