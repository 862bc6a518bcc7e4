import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { installFakeBridge } from '../../test/fake-bridge';
import { sameCard } from './card-fields';
import { TaskItem } from './TaskItem';
import { useVideoTasks } from './use-video-tasks';

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

describe('a card’s time line', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the next check main announced, though the card itself was not re-rendered for it', async () => {
    vi.useFakeTimers({
      now: at,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    const bridge = installFakeBridge({ 'video.tasks.list': () => [running] });
    function List() {
      const tasks = useVideoTasks();
      return (
        <ul>
          {tasks.data?.map((task) => (
            <TaskItem key={task.id} task={task} />
          ))}
        </ul>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <List />
      </QueryClientProvider>,
    );
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    expect(screen.getByText(/next check in 5 s/)).toBeTruthy();
    bridge.emit('video.updated', checkedAgain);
    // Updates are shown with the clock's next tick (one frame a second for every task).
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(screen.getByText(/next check in 20 s/)).toBeTruthy();
  });
});
