import { describe, expect, it } from 'vitest';
import { BatchRunner, type CaseOutcome, RateLimited } from './batch-runner';
import { memoryCaseSource } from './case-source';
import { textCases } from './batch.test-helper';

describe('BatchRunner', () => {
  it('goes on when a 429 hold ends between its two looks at the clock (a slow machine)', async () => {
    // Every look at the clock is 3 ms later, and the 429 asks for 5 ms: the loop sees the hold
    // still on when it decides not to send, and already over when it sets its timer.
    let clock = 0;
    let calls = 0;
    const recorded: string[] = [];
    const runner = new BatchRunner({
      source: memoryCaseSource(textCases(2)),
      skip: new Set(),
      concurrency: 1,
      send: async () => {
        if (++calls === 1) throw new RateLimited(5);
        return { status: 'done', answers: [] } satisfies CaseOutcome;
      },
      record: (id) => (recorded.push(id), true),
      changed: () => undefined,
      now: () => (clock += 3),
    });
    const end = await Promise.race([
      runner.run(),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2_000)),
    ]);
    expect(end).toBe('done');
    expect(recorded.sort()).toEqual(['case-000', 'case-001']);
    expect(runner.rateLimited).toBe(1);
  });
});
