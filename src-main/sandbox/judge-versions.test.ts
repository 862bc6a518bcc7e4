import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { startSandbox, type SandboxServer } from './server';
import { KEY } from './test-helpers';

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandbox();
});
afterAll(() => server.close());

const questions = {
  tone: {
    type: 'choice',
    instructions: 'What is the tone?',
    criteria: { calm: 'calm polite patient', angry: 'angry shouted furious', sad: 'sad crying upset' },
  },
  delivery: {
    type: 'score',
    instructions: 'How was the delivery?',
    criteria: ['late delivery missing', 'delivery on time', 'early delivery fast'],
  },
  refund: { type: 'noul', instructions: 'The customer wants a refund' },
};

const STATES = [
  'The customer was angry and shouted about the late delivery',
  'A calm and polite customer thanked us for the early delivery',
  'She was sad and upset, crying because the parcel was missing; she wants a refund',
  'He shouted, furious: the delivery was late again, refund now',
  'Patient and polite, he noted the delivery came on time',
  'Angry customer, missing parcel, wants a refund',
  'The delivery was fast and early, the customer was calm',
  'Upset and sad about a late delivery',
  'Furious about the missing delivery, he shouted',
  'Polite note: delivery on time, no refund needed',
];

async function ask(model: string, state: string) {
  const res = await fetch(`${server.origin}/partner/v1/systemone`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, state, questions }),
  });
  expect(res.status).toBe(200);
  return jsonBody(res);
}

describe('sandbox judge versions', () => {
  it('answers the same (model, question, state) the same way every time', async () => {
    for (const model of ['judge-1.13.0', 'judge-latest', 'judge-preview']) {
      const first = await ask(model, STATES[0]);
      const again = await ask(model, STATES[0]);
      expect(again.answers).toEqual(first.answers);
    }
  });

  it('lets the newer versions drift from the pinned one while most answers agree', async () => {
    let compared = 0;
    let agreed = 0;
    let shifted = 0;
    for (const state of STATES) {
      const pinned = await ask('judge-1.13.0', state);
      for (const model of ['judge-latest', 'judge-preview']) {
        const newer = await ask(model, state);
        expect(newer.model).toBe(model === 'judge-latest' ? 'judge-1.14.0' : 'judge-1.15.0-preview');
        compared += 2;
        if (newer.answers.tone.choice === pinned.answers.tone.choice) agreed++;
        if (Math.round(newer.answers.delivery.score) === Math.round(pinned.answers.delivery.score)) agreed++;
        if (newer.answers.tone.probabilities.angry !== pinned.answers.tone.probabilities.angry) shifted++;
        if (newer.answers.refund.noul !== pinned.answers.refund.noul) shifted++;
        const sum = Object.values(newer.answers.tone.probabilities as Record<string, number>).reduce(
          (a, b) => a + b,
        );
        expect(sum).toBeCloseTo(1, 9);
        expect(newer.answers.refund.noul).toBeGreaterThan(0);
        expect(newer.answers.refund.noul).toBeLessThan(1);
      }
    }
    // Drift shows on (nearly) every answer's numbers, yet the judgements mostly stand.
    expect(shifted).toBeGreaterThanOrEqual(compared * 0.9);
    expect(agreed / compared).toBeGreaterThanOrEqual(0.8);
  });

  it('counts judge requests by model and by state', async () => {
    const own = await startSandbox();
    try {
      const send = (model: string, state: string) =>
        fetch(`${own.origin}/partner/v1/systemone`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ model, state, questions }),
        }).then((r) => r.arrayBuffer());
      await send('judge-latest', 'one');
      await send('judge-latest', 'two');
      await send('judge-1.13.0', 'one');
      expect(Object.fromEntries(own.state.judgeRequests)).toEqual({ 'judge-latest': 2, 'judge-1.13.0': 1 });
      expect(own.state.judgeRequestTotal()).toBe(3);
      expect(own.state.judgeRequestsFor('one')).toBe(2);
      expect(own.state.judgeRequestsFor('two')).toBe(1);
      expect(own.state.judgeRequestsFor('three')).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('takes judgeLatencyMs per request, requests in parallel overlapping', async () => {
    const slow = await startSandbox({ judgeLatencyMs: 150, balanceYuan: 1 });
    try {
      const send = (state: string) =>
        fetch(`${slow.origin}/partner/v1/systemone`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ model: 'judge-1.13.0', state, questions }),
        }).then((r) => r.status);
      const started = performance.now();
      expect(await send('alone')).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
      const together = performance.now();
      expect(await Promise.all(['a', 'b', 'c', 'd'].map(send))).toEqual([200, 200, 200, 200]);
      // Four at once take about one latency, not four.
      expect(performance.now() - together).toBeLessThan(450);
      expect(slow.state.peakJudges).toBe(4);
      expect(slow.state.activeJudges).toBe(0);
      // Each reservation was settled: only the input tokens were taken.
      expect(slow.state.balanceYuan).toBeGreaterThan(0.999);
    } finally {
      await slow.close();
    }
  });

  it('gives the reservation back when the client leaves during the latency', async () => {
    const slow = await startSandbox({ judgeLatencyMs: 5_000, balanceYuan: 1 });
    try {
      const controller = new AbortController();
      const pending = fetch(`${slow.origin}/partner/v1/systemone`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'judge-1.13.0', state: 'leaving', questions }),
        signal: controller.signal,
      });
      while (slow.state.activeJudges === 0) await new Promise((r) => setTimeout(r, 5));
      expect(slow.state.balanceYuan).toBeLessThan(0.98); // reserved while it waits
      controller.abort();
      await expect(pending).rejects.toThrow();
      while (slow.state.activeJudges > 0) await new Promise((r) => setTimeout(r, 5));
      expect(slow.state.balanceYuan).toBe(1);
    } finally {
      await slow.close();
    }
  });
});

describe('GET /sandbox/stats', () => {
  it('reports the chat and judge requests it has answered, in total and by model asked, without a key', async () => {
    const fresh = await startSandbox();
    try {
      const read = async () => (await fetch(`${fresh.origin}/sandbox/stats`)).json();
      const noChat = { total: 0, byModel: {} };
      expect(await read()).toEqual({ chatRequests: noChat, judgeRequests: { total: 0, byModel: {} } });
      for (const model of ['judge-1.13.0', 'judge-1.13.0', 'judge-preview']) {
        const res = await fetch(`${fresh.origin}/partner/v1/systemone`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, state: STATES[0], questions }),
        });
        expect(res.status).toBe(200);
      }
      expect(await read()).toEqual({
        chatRequests: noChat,
        judgeRequests: { total: 3, byModel: { 'judge-1.13.0': 2, 'judge-preview': 1 } },
      });
      // Chat, streamed or not, counted by model; a request the Sandbox refuses is not.
      for (const [model, stream] of [
        ['sandbox-chat-1', false],
        ['sandbox-chat-mini', true],
        ['no-such-model', false],
      ] as const) {
        const res = await fetch(`${fresh.origin}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'Hi' }] }),
        });
        await res.text();
        expect(res.status).toBe(model === 'no-such-model' ? 404 : 200);
      }
      expect(await read()).toMatchObject({
        chatRequests: { total: 2, byModel: { 'sandbox-chat-1': 1, 'sandbox-chat-mini': 1 } },
      });
    } finally {
      await fresh.close();
    }
  });
});
