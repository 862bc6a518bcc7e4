import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { installFakeBridge } from '../../test/fake-bridge';
import { TaskItem } from './TaskItem';

const form = { ...defaultVideoForm(), model: 'seedance-1', prompt: 'A paper boat on a pond' };
const task = (extra: Partial<VideoTaskView>): VideoTaskView => ({
  id: 'v1',
  taskId: 'cgt-boat',
  profileId: 'p',
  form,
  request: buildVideoRequest(form),
  createdAt: 1_000,
  updatedAt: 9_000,
  state: 'succeeded',
  finishedAt: 9_000,
  remoteUrl: 'https://cdn.example/boat.mp4',
  downloading: false,
  terminal: true,
  ...extra,
});

function renderCard(t: VideoTaskView) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ul>
        <TaskItem task={t} />
      </ul>
    </QueryClientProvider>,
  );
}

describe('the video card’s player', () => {
  it('plays the downloaded file of a finished task: small, muted, metadata only, never by itself', () => {
    installFakeBridge({});
    renderCard(
      task({ videoUrl: 'gatehouse-media://media/videos/v1.mp4', posterUrl: 'gatehouse-media://media/p.jpg' }),
    );
    const video = screen.getByLabelText('Video of task cgt-boat') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('gatehouse-media://media/videos/v1.mp4');
    expect(video.getAttribute('poster')).toBe('gatehouse-media://media/p.jpg');
    expect(video.controls).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(false);
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.className).toBe('video-player');
  });

  it('keeps Save video… beside the player, and it saves through main', async () => {
    const bridge = installFakeBridge({ 'video.tasks.saveAs': () => ({ path: '/exports/boat.mp4' }) });
    renderCard(task({ videoUrl: 'gatehouse-media://media/videos/v1.mp4' }));
    const card = screen.getByRole('listitem', { name: 'Video task cgt-boat' });
    fireEvent.click(within(card).getByRole('button', { name: 'Save video…' }));
    await screen.findByText('Saved to /exports/boat.mp4');
    expect(bridge.calls).toEqual([{ route: 'video.tasks.saveAs', input: { id: 'v1' } }]);
  });

  it('shows no player until the file is there, and offers the download again instead', async () => {
    const bridge = installFakeBridge({ 'video.tasks.download': () => task({}) });
    renderCard(task({ downloadError: 'timed out' }));
    expect(screen.queryByLabelText('Video of task cgt-boat')).toBeNull();
    expect(screen.getByText('Download failed: timed out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry download' }));
    await waitFor(() => expect(bridge.calls.map((c) => c.route)).toEqual(['video.tasks.download']));
  });

  it('offers the download again of an OpenAI-style video, which has a content path and no address', async () => {
    const bridge = installFakeBridge({ 'video.tasks.download': () => task({}) });
    renderCard(
      task({
        remoteUrl: undefined,
        contentPath: 'videos/video_1/content',
        downloadError: 'The key was refused',
      }),
    );
    expect(screen.getByText('Download failed: The key was refused')).toBeTruthy();
    expect(screen.queryByText(/gave no video address/)).toBeNull();
    // Not a signed link: no 24 h lifetime is claimed for it.
    expect(screen.queryByText(/likely valid until|likely expired/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry download' }));
    await waitFor(() => expect(bridge.calls.map((c) => c.route)).toEqual(['video.tasks.download']));
  });

  it('shows no player for a task that has not succeeded, even with a file left over', () => {
    installFakeBridge({});
    renderCard(
      task({ state: 'running', terminal: false, videoUrl: 'gatehouse-media://media/videos/v1.mp4' }),
    );
    expect(document.querySelector('video')).toBeNull();
  });
});
