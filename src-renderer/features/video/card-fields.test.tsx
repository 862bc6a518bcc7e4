import { describe, expect, it } from 'vitest';
import { sameCard } from './card-fields';
import { checkedAgain, runningTask, taskForm } from './video-task.test-helper';

const at = Date.now();
const running = runningTask(1, at);
const checked = checkedAgain(running, at);

describe('a video card', () => {
  it('is the same after a check that found nothing new, not after one that did', () => {
    expect(sameCard(running, checked)).toBe(true);
    expect(sameCard(running, { ...checked, progress: 50 })).toBe(false);
    expect(sameCard(running, { ...checked, state: 'succeeded', terminal: true })).toBe(false);
    expect(sameCard(running, { ...checked, pollError: 'timeout' })).toBe(false);
    // A new but equal form is a new object: the list's structural sharing keeps the old one.
    expect(sameCard(running, { ...running, form: { ...taskForm } })).toBe(false);
  });
});
