import { describe, expect, it } from 'vitest';
import { mapVideoStatus, parseTaskBody } from './video-status';

// Task replies modelled on each vendor's documented task endpoint (docs/architecture.md, "Video
// tasks"): the status word, where the result address is, and why a task failed.
describe('parseTaskBody, other vendors’ documented task shapes', () => {
  it('Kling: {code, message, data: {task_id, task_status, task_status_msg, task_result.videos[].url}}', () => {
    const running = parseTaskBody({
      code: 0,
      message: 'SUCCEED',
      request_id: 'a3f1c6e2-7b1d-4c52-9a0e-1d2f3b4c5d6e',
      data: {
        task_id: 'CjhHhWdM5nUAAAAAAGaP1w',
        task_status: 'processing',
        task_status_msg: '',
        created_at: 1722769557708,
        updated_at: 1722769560012,
      },
    });
    expect(running).toMatchObject({ taskId: 'CjhHhWdM5nUAAAAAAGaP1w', state: 'running' });
    const done = parseTaskBody({
      code: 0,
      message: 'SUCCEED',
      request_id: 'a3f1c6e2-7b1d-4c52-9a0e-1d2f3b4c5d6e',
      data: {
        task_id: 'CjhHhWdM5nUAAAAAAGaP1w',
        task_status: 'succeed',
        task_status_msg: '',
        task_info: { external_task_id: '' },
        created_at: 1722769557708,
        updated_at: 1722769612345,
        task_result: {
          videos: [
            {
              id: '0a7d1e4c-2b9f-4e8a-b3c1-5d6e7f8a9b0c',
              url: 'https://cdn.klingai.example/v.mp4',
              duration: '5.1',
            },
          ],
        },
      },
    });
    expect(done).toMatchObject({
      state: 'succeeded',
      videoUrl: 'https://cdn.klingai.example/v.mp4',
      remoteUpdatedAt: 1722769612345,
    });
    expect(done.missing).toBeUndefined();
    const failed = parseTaskBody({
      code: 0,
      message: 'SUCCEED',
      data: {
        task_id: 'CjhH',
        task_status: 'failed',
        task_status_msg: 'Failure to pass the risk control system',
      },
    });
    expect(failed).toMatchObject({ state: 'failed', error: 'Failure to pass the risk control system' });
  });

  it('Runway: {id, status, progress, output: [url]}; a failure keeps `failure` and `failureCode`', () => {
    const throttled = parseTaskBody({
      id: '17f20503-6c24-4c16-946b-35dbbce2af2f',
      status: 'THROTTLED',
      createdAt: '2024-06-27T19:49:32.334Z',
    });
    expect(throttled).toMatchObject({
      taskId: '17f20503-6c24-4c16-946b-35dbbce2af2f',
      state: 'queued',
      status: 'THROTTLED',
    });
    const running = parseTaskBody({
      id: '17f2',
      status: 'RUNNING',
      createdAt: '2024-06-27T19:49:32.334Z',
      progress: 0.42,
    });
    expect(running).toMatchObject({ state: 'running', progress: 42 });
    const done = parseTaskBody({
      id: '17f2',
      status: 'SUCCEEDED',
      createdAt: '2024-06-27T19:49:32.334Z',
      output: ['https://dnznrvs05pmza.cloudfront.example/v.mp4?_jwt=eyJhbGciOi'],
    });
    expect(done).toMatchObject({
      state: 'succeeded',
      videoUrl: 'https://dnznrvs05pmza.cloudfront.example/v.mp4?_jwt=eyJhbGciOi',
    });
    const failed = parseTaskBody({
      id: '17f2',
      status: 'FAILED',
      createdAt: '2024-06-27T19:49:32.334Z',
      failure: 'Your input image did not pass our content moderation.',
      failureCode: 'SAFETY.INPUT.IMAGE',
    });
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'Your input image did not pass our content moderation.',
      errorCode: 'SAFETY.INPUT.IMAGE',
    });
    expect(parseTaskBody({ id: '17f2', status: 'CANCELLED' }).state).toBe('cancelled');
  });

  it('Luma: {id, state: queued | dreaming | completed | failed, failure_reason, assets.video}', () => {
    const dreaming = parseTaskBody({
      id: 'd5a4d5e2-0b2e-4f3a-9c1d-2e3f4a5b6c7d',
      generation_type: 'video',
      state: 'dreaming',
      failure_reason: null,
      created_at: '2024-12-02T10:15:00.000Z',
      assets: null,
      model: 'ray-2',
      request: { prompt: 'a kite' },
    });
    expect(dreaming).toMatchObject({ state: 'running', status: 'dreaming' });
    const done = parseTaskBody({
      id: 'd5a4',
      state: 'completed',
      failure_reason: null,
      assets: {
        video: 'https://storage.cdn-luma.example/v.mp4',
        image: 'https://storage.cdn-luma.example/t.jpg',
      },
    });
    expect(done).toMatchObject({ state: 'succeeded', videoUrl: 'https://storage.cdn-luma.example/v.mp4' });
    const failed = parseTaskBody({
      id: 'd5a4',
      state: 'failed',
      failure_reason: 'Prompt contains blocked content',
      assets: null,
    });
    expect(failed).toMatchObject({ state: 'failed', error: 'Prompt contains blocked content' });
  });

  it('Google Veo: a long-running operation, running until done, then the sample’s video.uri or the error', () => {
    const name = 'models/veo-3.0-generate-001/operations/8jy2hs1ok5e7';
    const created = parseTaskBody({ name });
    expect(created).toMatchObject({ taskId: name });
    expect(parseTaskBody({ name, done: false })).toMatchObject({ taskId: name, state: 'running' });
    const done = parseTaskBody({
      name,
      done: true,
      response: {
        '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
        generateVideoResponse: {
          generatedSamples: [
            { video: { uri: 'https://generativelanguage.example/v1beta/files/abc:download?alt=media' } },
          ],
        },
      },
    });
    expect(done).toMatchObject({
      state: 'succeeded',
      videoUrl: 'https://generativelanguage.example/v1beta/files/abc:download?alt=media',
    });
    const failed = parseTaskBody({
      name,
      done: true,
      error: { code: 3, message: 'The prompt could not be submitted.' },
    });
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'The prompt could not be submitted.',
      errorCode: '3',
    });
  });

  it('fal queue: IN_QUEUE with its place, IN_PROGRESS, COMPLETED; the result {video: {url}} reads as done', () => {
    const queued = parseTaskBody({
      status: 'IN_QUEUE',
      request_id: '764cabcf-b745-4b3e-ae38-1200304cf45b',
      response_url: 'https://queue.fal.example/fal-ai/veo3/requests/764cabcf-b745-4b3e-ae38-1200304cf45b',
      status_url:
        'https://queue.fal.example/fal-ai/veo3/requests/764cabcf-b745-4b3e-ae38-1200304cf45b/status',
      queue_position: 2,
    });
    expect(queued).toMatchObject({
      taskId: '764cabcf-b745-4b3e-ae38-1200304cf45b',
      state: 'queued',
      queuePosition: 2,
    });
    expect(parseTaskBody({ status: 'IN_PROGRESS', request_id: '764c', logs: [] }).state).toBe('running');
    // COMPLETED holds no video: where the result is, to be read before the reply is applied.
    const completed = parseTaskBody({
      status: 'COMPLETED',
      request_id: '764cabcf-b745-4b3e-ae38-1200304cf45b',
      response_url: 'https://queue.fal.example/fal-ai/veo3/requests/764cabcf-b745-4b3e-ae38-1200304cf45b',
      status_url:
        'https://queue.fal.example/fal-ai/veo3/requests/764cabcf-b745-4b3e-ae38-1200304cf45b/status',
      logs: [],
      metrics: { inference_time: 41.2 },
    });
    expect(completed).toMatchObject({
      state: 'succeeded',
      resultUrl: 'https://queue.fal.example/fal-ai/veo3/requests/764cabcf-b745-4b3e-ae38-1200304cf45b',
    });
    expect(completed.videoUrl).toBeUndefined();
    expect(completed.missing).toBeUndefined();
    const result = parseTaskBody({
      video: {
        url: 'https://v3.fal.example/files/kangaroo/v.mp4',
        content_type: 'video/mp4',
        file_name: 'v.mp4',
        file_size: 2_734_812,
      },
    });
    expect(result).toMatchObject({
      state: 'succeeded',
      videoUrl: 'https://v3.fal.example/files/kangaroo/v.mp4',
    });
  });

  it('OpenAI Sora: {id, object: video, status, progress, error}; done without an address says where the content is', () => {
    const running = parseTaskBody({
      id: 'video_68d7512d07848190b3e45da0ecbebcde004da08e1e0678d5',
      object: 'video',
      created_at: 1758941485,
      status: 'in_progress',
      model: 'sora-2',
      progress: 33,
      seconds: '8',
      size: '1280x720',
    });
    expect(running).toMatchObject({ state: 'running', progress: 33 });
    const done = parseTaskBody({
      id: 'video_68d7',
      object: 'video',
      status: 'completed',
      progress: 100,
      completed_at: 1758941600,
      expires_at: 1759028000,
    });
    expect(done.state).toBe('succeeded');
    expect(done.videoUrl).toBeUndefined();
    expect(done.contentPath).toBe('videos/video_68d7/content');
    const failed = parseTaskBody({
      id: 'video_68d7',
      object: 'video',
      status: 'failed',
      error: { code: 'moderation_blocked', message: 'Your request was blocked by our moderation system.' },
    });
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'Your request was blocked by our moderation system.',
      errorCode: 'moderation_blocked',
    });
  });

  it('an unknown shape says which field was missing', () => {
    const p = parseTaskBody({ job: { ref: 'j-1', phase: 'rendering' } });
    expect(p.state).toBe('unknown');
    expect(p.missing).toEqual({
      field: 'status',
      lookedFor: ['status', 'state', 'task_status', 'done'],
    });
    const noUrl = parseTaskBody({ id: 'x', status: 'succeeded', result: { file: 'v.mp4' } });
    expect(noUrl.missing?.field).toBe('videoUrl');
    expect(noUrl.missing?.lookedFor).toEqual(
      expect.arrayContaining(['content.video_url', 'task_result.videos[].url', 'assets.video', 'video.url']),
    );
    // A status is there but not one we know: no field is missing, the word is kept raw.
    expect(parseTaskBody({ id: 'x', status: 'Rendering' })).toMatchObject({
      state: 'unknown',
      status: 'Rendering',
    });
    expect(parseTaskBody({ id: 'x', status: 'Rendering' }).missing).toBeUndefined();
  });

  it('maps the vendors’ words case-insensitively', () => {
    expect(mapVideoStatus('THROTTLED')).toBe('queued');
    expect(mapVideoStatus('Dreaming')).toBe('running');
    expect(mapVideoStatus('IN_QUEUE')).toBe('queued');
    expect(mapVideoStatus('SUCCEEDED')).toBe('succeeded');
    expect(mapVideoStatus('CANCELLED')).toBe('cancelled');
  });
});
