import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { formatDateTime } from '../../i18n/i18n';
import { LinkLifetime, TaskFailure } from './TaskOutcome';
import { TaskReplyNotes } from './TaskReplyNotes';

const HOUR = 3_600_000;
function view(extra: Partial<VideoTaskView>): VideoTaskView {
  const form = { ...defaultVideoForm(), prompt: 'p' };
  return {
    id: 'a',
    taskId: 'cgt-a',
    profileId: 'p',
    form,
    request: buildVideoRequest(form),
    createdAt: 0,
    updatedAt: 0,
    state: 'failed',
    downloading: false,
    terminal: true,
    ...extra,
  };
}

describe('TaskFailure', () => {
  it('explains a content-safety code in plain words and shows the raw code and message', () => {
    render(
      <TaskFailure
        task={view({
          errorCode: 'InputImageSensitiveContentDetected.PrivacyInformation',
          error: 'real person',
        })}
      />,
    );
    expect(screen.getByText(/content-safety check refused the input/)).toBeTruthy();
    expect(screen.getByText('real person')).toBeTruthy();
    expect(
      screen.getByText('Code from the provider: InputImageSensitiveContentDetected.PrivacyInformation'),
    ).toBeTruthy();
  });

  it('shows another code raw, without a safety explanation', () => {
    render(<TaskFailure task={view({ errorCode: 'InvalidParameter.duration', error: 'bad duration' })} />);
    expect(screen.getByText('Code from the provider: InvalidParameter.duration')).toBeTruthy();
    expect(screen.queryByText(/content-safety/)).toBeNull();
  });
});

describe('LinkLifetime', () => {
  it('says until when the result link is likely valid, 24 h after the gateway’s last update', () => {
    const updated = Date.now() - HOUR;
    render(<LinkLifetime task={view({ state: 'succeeded', remoteUpdatedAt: updated })} />);
    const until = formatDateTime(updated + 24 * HOUR);
    expect(
      screen.getByText(new RegExp(`likely valid until ${until.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)),
    ).toBeTruthy();
  });

  it('says the link likely expired once the 24 h are past', () => {
    render(<LinkLifetime task={view({ state: 'succeeded', finishedAt: Date.now() - 25 * HOUR })} />);
    expect(screen.getByText(/likely expired at/)).toBeTruthy();
  });
});

describe('TaskReplyNotes', () => {
  it('says which field the reply lacked and where it was looked for', () => {
    render(
      <TaskReplyNotes
        task={view({
          state: 'unknown',
          terminal: false,
          missing: { field: 'status', lookedFor: ['status', 'state', 'task_status', 'done'] },
        })}
      />,
    );
    expect(
      screen.getByText(/No status field found in the reply \(looked for status, state, task_status, done\)/),
    ).toBeTruthy();
  });

  it('says where an OpenAI-style video is read from until it is here', () => {
    const { rerender } = render(
      <TaskReplyNotes task={view({ state: 'succeeded', contentPath: 'videos/video_1/content' })} />,
    );
    expect(
      screen.getByText(
        /reads the video from videos\/video_1\/content on the gateway, with the profile’s key/,
      ),
    ).toBeTruthy();
    rerender(
      <TaskReplyNotes
        task={view({
          state: 'succeeded',
          contentPath: 'videos/video_1/content',
          videoUrl: 'gatehouse-media://media/videos/a.mp4',
        })}
      />,
    );
    expect(screen.queryByText(/videos\/video_1\/content/)).toBeNull();
  });

  it('shows the place in a queue while the task waits', () => {
    render(<TaskReplyNotes task={view({ state: 'queued', terminal: false, queuePosition: 3 })} />);
    expect(screen.getByText('Place in the queue: 3')).toBeTruthy();
  });
});
