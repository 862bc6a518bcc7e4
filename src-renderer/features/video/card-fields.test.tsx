import { describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { sameCard } from './card-fields';

const form = { ...defaultVideoForm(), model: 'bench-video', prompt: 'A slow sunrise' };
const at = Date.now();
const running: VideoTaskView = {
  id: 'v1',
  taskId: 'task-1',
  profileId: 'p',
  form,
  request: buildVideoRequest(form),
  createdAt: at - 10_000,
  updatedAt: at - 1_000,
  state: 'running',
  progress: 40,
  lastCheckedAt: at - 1_000,
  nextCheckAt: at + 4_500,
  pollAttempt: 2,
  downloading: false,
  terminal: false,
};
/** What main sends after a check that found the task as it was. */
const checkedAgain: VideoTaskView = {
  ...running,
  updatedAt: at,
  lastCheckedAt: at,
  nextCheckAt: at + 20_500,
  pollAttempt: 3,
};

describe('a video card', () => {
  it('is the same after a check that found nothing new, not after one that did', () => {
    expect(sameCard(running, checkedAgain)).toBe(true);
    expect(sameCard(running, { ...checkedAgain, progress: 50 })).toBe(false);
    expect(sameCard(running, { ...checkedAgain, state: 'succeeded', terminal: true })).toBe(false);
    expect(sameCard(running, { ...checkedAgain, pollError: 'timeout' })).toBe(false);
    // A new but equal form is a new object: the list's structural sharing keeps the old one.
    expect(sameCard(running, { ...running, form: { ...form } })).toBe(false);
  });
});
