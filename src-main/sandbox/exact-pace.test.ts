import { describe, expect, it } from 'vitest';
import { exactClock } from './chat-stream';
import { splitInAppSandboxArgs } from './cli-args';
import { startSandbox } from './server';
import { KEY } from './test-helpers';

describe('exact pacing', () => {
  it('makes each token due at its own time, and sends every token already due after a late timer', () => {
    let now = 1000;
    const clock = exactClock(1, () => now);
    expect(clock.waitFor(0)).toBe(1);
    now = 1001;
    expect(clock.waitFor(0)).toBe(0);
    expect(clock.dueBy(0)).toBe(1);
    // The timer fired 40 ms late: the 40 tokens due by then go in one write, the rate holds.
    now = 1041;
    expect(clock.dueBy(1)).toBe(41);
    expect(clock.waitFor(41)).toBe(1);
  });

  it('streams a long reply for as long as its pace says, not squeezed into 2.5 s', async () => {
    const sb = await startSandbox({ tokenDelayMs: 1, exactPace: true });
    try {
      const started = performance.now();
      const res = await fetch(`${sb.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model: 'sandbox-chat-1',
          stream: true,
          messages: [{ role: 'user', content: 'Please write 3000 tokens for the benchmark.' }],
        }),
      });
      const text = await res.text();
      const seconds = (performance.now() - started) / 1000;
      const deltas = text.split('\n').filter((l) => l.includes('"content"')).length;
      expect(deltas).toBeGreaterThan(2500);
      // 3,000 tokens at 1 ms each: about 3 s (never less than the pace allows).
      expect(seconds).toBeGreaterThanOrEqual((deltas - 1) / 1000);
    } finally {
      await sb.close();
    }
  });

  it('is switched on in browser mode and the app with --sandbox-exact-pace, which takes no value', () => {
    const { sandbox, rest } = splitInAppSandboxArgs([
      '--sandbox-exact-pace',
      '--sandbox-token-delay',
      '1',
      '--port',
      '0',
    ]);
    expect(rest).toEqual(['--port', '0']);
    expect(sandbox).toMatchObject({ kind: 'run', options: { exactPace: true, tokenDelayMs: 1 } });
  });
});
