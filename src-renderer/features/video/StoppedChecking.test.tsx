import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { installFakeBridge } from '../../test/fake-bridge';
import { TaskList } from './TaskList';

const HOUR = 3_600_000;
const form = { ...defaultVideoForm(), model: 'seedance-1', prompt: 'A slow sunrise' };

/** A task main stopped checking: still running on the gateway after 48 h of waiting. */
const stopped: VideoTaskView = {
  id: 'v1',
  taskId: 'cgt-slow',
  profileId: 'p',
  form,
  request: buildVideoRequest(form),
  createdAt: Date.now() - 60 * HOUR,
  updatedAt: Date.now() - 2 * HOUR,
  state: 'running',
  progress: 40,
  // Resumed once before, 10 h after it was made: the 48 h count from there.
  waitFrom: Date.now() - 50 * HOUR,
  stoppedCheckingAt: Date.now() - 2 * HOUR,
  downloading: false,
  terminal: false,
};

function renderTasks(tasks: VideoTaskView[], resume: (id: string) => VideoTaskView) {
  const bridge = installFakeBridge({
    'video.tasks.list': () => tasks,
    'video.tasks.resume': (input) => {
      const resumed = resume((input as { id: string }).id);
      // As main's poller does: the resumed task is saved and every window hears of it.
      bridge.emit('video.updated', resumed);
      return resumed;
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TaskList />
    </QueryClientProvider>,
  );
  return bridge;
}

const task = () => screen.getByRole('listitem', { name: 'Video task cgt-slow' });
const explanation = /Stopped checking: the task did not finish within 48 h of waiting/;

describe('a video task that stopped checking after the total wait', () => {
  it('says so, offers Resume instead of Check now, and resuming brings the checks back', async () => {
    const bridge = renderTasks([stopped], (id) => ({
      ...stopped,
      id,
      stoppedCheckingAt: undefined,
      waitFrom: Date.now(),
      nextCheckAt: Date.now() + 30_000,
    }));
    const note = await within(await screen.findByRole('listitem')).findByRole('status');
    expect(note.textContent).toMatch(explanation);
    // Not checking: no progress bar, no Check now; Resume is the way back.
    expect(within(task()).queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(within(task()).queryByRole('progressbar')).toBeNull();
    const resume = within(task()).getByRole('button', { name: 'Resume checking' });

    fireEvent.click(resume);
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.route === 'video.tasks.resume').map((c) => c.input)).toEqual([
        { id: 'v1' },
      ]),
    );
    await waitFor(() => expect(within(task()).queryByText(explanation)).toBeNull());
    expect(within(task()).queryByRole('button', { name: 'Resume checking' })).toBeNull();
    const checkNow = within(task()).getByRole('button', { name: 'Check now' });
    expect(within(task()).getByRole('progressbar', { name: 'Progress of task cgt-slow' })).toBeTruthy();
    act(() => checkNow.focus());
    expect(checkNow.title).toMatch(/^Next check in \d+ s$/);
  });

  it('keeps the task stopped and says why when main refuses to resume it', async () => {
    installFakeBridge({
      'video.tasks.list': () => [stopped],
      'video.tasks.resume': () => {
        throw { code: 'not_found', message: 'That video task no longer exists.' };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TaskList />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Resume checking' }));
    expect(await within(task()).findByText('That video task no longer exists.')).toBeTruthy();
    expect(within(task()).getByText(explanation)).toBeTruthy();
  });

  it('offers no Resume once the task has ended', async () => {
    renderTasks([{ ...stopped, state: 'expired', terminal: true }], () => stopped);
    await screen.findByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Resume checking' })).toBeNull();
    expect(screen.queryByText(explanation)).toBeNull();
  });
});
