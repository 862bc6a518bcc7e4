import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { installFakeBridge } from '../../test/fake-bridge';
import { TaskList } from './TaskList';
import { checkedAgain, runningTask } from './video-task.test-helper';

const at = 1_800_000_000_000;
const task = (n: number) => runningTask(n, at);

/**
 * IntersectionObserver as the window's scroll box would answer it: the third card is scrolled
 * out of view, the others are on screen.
 */
class ScrolledList {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(el: Element) {
    const hidden = !!el.closest('[aria-label="Video task task-3"]');
    queueMicrotask(() =>
      this.report([{ isIntersecting: !hidden, target: el } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
}

const card = (taskId: string) => screen.getByRole('listitem', { name: `Video task ${taskId}` });
const timeLine = (taskId: string) => within(card(taskId)).getByText(/^elapsed/).textContent;

/** The list as the Video tab shows it, counting React's commits under it. */
async function showTasks(tasks: VideoTaskView[]) {
  const bridge = installFakeBridge({ 'video.tasks.list': () => tasks });
  const commits = { count: 0 };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Profiler id="tasks" onRender={() => commits.count++}>
        <TaskList />
      </Profiler>
    </QueryClientProvider>,
  );
  await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
  return { bridge, commits };
}

beforeEach(() => {
  vi.useFakeTimers({
    now: at,
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date', 'queueMicrotask'],
  });
  vi.stubGlobal('IntersectionObserver', ScrolledList);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Video tab’s task list', () => {
  it('moves the time lines on screen together every 10 s of the clock, re-rendering nothing, and not the hidden one', async () => {
    const { commits } = await showTasks([1, 2, 3].map(task));
    expect(timeLine('task-1')).toBe('elapsed 10 s');
    const before = commits.count;
    // A text that changes costs a frame: the seconds in between are not drawn.
    await act(async () => void (await vi.advanceTimersByTimeAsync(9_000)));
    expect(timeLine('task-1')).toBe('elapsed 10 s');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(timeLine('task-1')).toBe('elapsed 20 s');
    expect(timeLine('task-2')).toBe('elapsed 20 s');
    // Out of view: left as it was until it is scrolled back.
    expect(timeLine('task-3')).toBe('elapsed 10 s');
    expect(commits.count).toBe(before);
  });

  it('re-renders nothing for a check that found a task as it was, and shows one that changed a task in its card', async () => {
    const tasks = [1, 2, 3].map(task);
    const { bridge, commits } = await showTasks(tasks);
    const before = commits.count;
    bridge.emit('video.updated', checkedAgain(tasks[0], at + 500));
    // Updates are shown with the clock's next tick (one frame a second at most for every task).
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(commits.count).toBe(before);
    // The next check main announced is there all the same, where the user asks for it.
    const checkNow = within(card('task-1')).getByRole('button', { name: 'Check now' });
    act(() => checkNow.focus());
    expect(checkNow.title).toBe('Next check in 20 s');

    const bars = () => screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'));
    expect(bars()).toEqual(['40', '40', '40']);
    bridge.emit('video.updated', { ...checkedAgain(tasks[1], at + 500), progress: 75 });
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(bars()).toEqual(['40', '75', '40']);
    expect(within(card('task-2')).getByText('75%')).toBeTruthy();
    expect(commits.count).toBe(before + 1);
  });

  it('shows a task whose gateway gives no progress with a bar that is indeterminate and not the native one', async () => {
    const { progress: _, ...noProgress } = task(1);
    await showTasks([noProgress, task(2)]);
    const bar = within(card('task-1')).getByRole('progressbar', { name: 'Progress of task task-1' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    // Chromium repaints a native indeterminate <progress> on the main thread ~20 times a second.
    expect(bar.tagName).not.toBe('PROGRESS');
    expect(card('task-1').querySelector('progress')).toBeNull();
    expect(within(card('task-2')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('says in the Check now tooltip when main checks a task next, or that it is checking it', async () => {
    await showTasks([task(1)]);
    const checkNow = within(card('task-1')).getByRole('button', { name: 'Check now' });
    act(() => checkNow.focus());
    expect(checkNow.title).toBe('Next check in 5 s');
    act(() => checkNow.blur());
    // Main's answer has not come yet: the check is under way.
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_000)));
    act(() => checkNow.focus());
    expect(checkNow.title).toBe('Being checked now');
  });
});
