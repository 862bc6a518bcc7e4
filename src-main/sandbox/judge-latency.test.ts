import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from './server';
import { KEY } from './test-helpers';

// The waits the judge route asks for, instead of waiting (no test here reads the clock).
const waits = vi.hoisted(() => [] as number[]);
// How far the clock moves while the Sandbox makes a judgement: its own work, made long.
const work = vi.hoisted(() => ({ ms: 0, skew: 0 }));

vi.mock('node:timers/promises', async (original) => ({
  ...(await original<typeof import('node:timers/promises')>()),
  setTimeout: async (ms: number) => void waits.push(ms),
}));
vi.mock('./routes/judge-answers', async (original) => {
  const real = await original<typeof import('./routes/judge-answers')>();
  return {
    ...real,
    judgeAnswers: (...args: Parameters<typeof real.judgeAnswers>) => {
      work.skew += work.ms;
      return real.judgeAnswers(...args);
    },
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  waits.length = 0;
  work.skew = 0;
});

describe('the judge latency', () => {
  it('answers judgeLatencyMs after the request arrived, its own work included, not after that work', async () => {
    const realNow = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => realNow() + work.skew);
    work.ms = 40;
    const sandbox = await startSandbox({ judgeLatencyMs: 150 });
    try {
      const res = await fetch(`${sandbox.origin}/partner/v1/systemone`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model: 'judge-1.13.0',
          state: 'a calm reply about cats',
          questions: { cats: { type: 'noul', instructions: 'The text is about cats' } },
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ model: 'judge-1.13.0', answers: { cats: {} } });
      // 40 ms of the 150 went on the judgement: the wait is what is left, never 150 after it.
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(0);
      expect(waits[0]).toBeLessThanOrEqual(110);
      expect(sandbox.state.activeJudges).toBe(0);
    } finally {
      await sandbox.close();
    }
  });
});
