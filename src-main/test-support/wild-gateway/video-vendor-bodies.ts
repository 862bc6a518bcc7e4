/**
 * Task replies of video vendors other than Seedance, modelled on their documented task endpoints,
 * as a gateway that passes them through answers (see video-behaviours.ts). Each vendor is queued
 * or running for two checks, then ends.
 *
 * - `[kling]`         `{code: 0, message: "SUCCEED", data: {task_id, task_status, task_result.videos[].url}}`.
 * - `[runway]`        `{id, status: PENDING → RUNNING (progress 0..1) → SUCCEEDED, output: [url]}`.
 * - `[runway-failed]` ends `FAILED` with `failure` and `failureCode`.
 * - `[luma]`          `{id, state: queued → dreaming → completed, assets.video}`.
 * - `[veo]`           a long-running operation `{name: "…/operations/…", done: false}`, then `done: true`
 *                     with `response.generateVideoResponse.generatedSamples[].video.uri`.
 * - `[veo-failed]`    ends `done: true` with `error: {code, message}`.
 * - `[fal]`           `{status: IN_QUEUE (queue_position) → IN_PROGRESS, request_id}`, then the result `{video: {url}}`.
 * - `[fal-queue]`     fal's queue as documented: `COMPLETED` holds no video, only `response_url` (on the
 *                     gateway, answered with the key only: video-behaviours.ts), whose result is `{video: {url}}`.
 * - `[sora]`          OpenAI's videos API `{id, object: "video", status, progress}`: done without an address;
 *                     the video is served at `/v1/videos/{id}/content`, with the key only.
 * - `[mystery]`       a shape no vendor documents: no status field at all, ever.
 */
export const VENDOR_KINDS = [
  'kling',
  'runway',
  'runway-failed',
  'luma',
  'veo',
  'veo-failed',
  'fal',
  'fal-queue',
  'sora',
  'mystery',
] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

export const RUNWAY_FAILURE = 'Your input image did not pass our content moderation.';
export const RUNWAY_FAILURE_CODE = 'SAFETY.INPUT.IMAGE';
export const VEO_ERROR = 'The prompt could not be submitted: it may violate our policies.';

/** A task id in the vendor's own style. */
export function vendorTaskId(kind: VendorKind, serial: number): string {
  const n = String(serial).padStart(12, '0');
  switch (kind) {
    case 'kling':
      return `CjhHhWdM5nUAAAAAA${n}`;
    case 'veo':
    case 'veo-failed':
      return `models/veo-3.0-generate-001/operations/8jy2hs${n}`;
    case 'sora':
      return `video_68d7512d07848190b3e45da0${n}`;
    default:
      return `17f20503-6c24-4c16-946b-${n}`;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export function vendorCreateBody(kind: VendorKind, id: string, createdAt: number): unknown {
  switch (kind) {
    case 'kling':
      return {
        code: 0,
        message: 'SUCCEED',
        request_id: `req-${id}`,
        data: { task_id: id, task_status: 'submitted', created_at: createdAt, updated_at: createdAt },
      };
    case 'runway':
    case 'runway-failed':
      return { id };
    case 'luma':
      return {
        id,
        generation_type: 'video',
        state: 'queued',
        failure_reason: null,
        created_at: iso(createdAt),
        assets: null,
        model: 'ray-2',
      };
    case 'veo':
    case 'veo-failed':
      return { name: id };
    case 'fal':
    case 'fal-queue':
      return {
        status: 'IN_QUEUE',
        request_id: id,
        response_url: `https://queue.fal.example/fal-ai/veo3/requests/${id}`,
        status_url: `https://queue.fal.example/fal-ai/veo3/requests/${id}/status`,
        cancel_url: `https://queue.fal.example/fal-ai/veo3/requests/${id}/cancel`,
        queue_position: 3,
      };
    case 'sora':
      return {
        id,
        object: 'video',
        created_at: Math.floor(createdAt / 1000),
        status: 'queued',
        model: 'sora-2',
        progress: 0,
        seconds: '8',
        size: '1280x720',
      };
    case 'mystery':
      return { id, job: { phase: 'accepted' } };
  }
}

/** Where the wild gateway keeps a `[fal-queue]` request's result (its `response_url`). */
export const falResultPath = (id: string) => `/fal-ai/veo3/requests/${id}`;

/** fal's result of a video model: the model's output. */
export const falResult = (clip: string) => ({
  video: { url: clip, content_type: 'video/mp4', file_name: 'output.mp4', file_size: 2_734_812 },
  seed: 1_337,
});

/** The reply to the task's `checks`-th status query (from 1); `clip` is the finished video's address. */
export function vendorQueryBody(kind: VendorKind, id: string, checks: number, clip: string): unknown {
  const done = checks > 2;
  switch (kind) {
    case 'kling':
      return {
        code: 0,
        message: 'SUCCEED',
        request_id: `req-${id}-${checks}`,
        data: done
          ? {
              task_id: id,
              task_status: 'succeed',
              task_status_msg: '',
              updated_at: Date.now(),
              task_result: { videos: [{ id: `${id}-v0`, url: clip, duration: '5.1' }] },
            }
          : { task_id: id, task_status: 'processing', task_status_msg: '', updated_at: Date.now() },
      };
    case 'runway':
      return done
        ? { id, status: 'SUCCEEDED', createdAt: iso(Date.now()), output: [clip] }
        : { id, status: checks === 1 ? 'PENDING' : 'RUNNING', createdAt: iso(Date.now()), progress: 0.5 };
    case 'runway-failed':
      return done
        ? {
            id,
            status: 'FAILED',
            createdAt: iso(Date.now()),
            failure: RUNWAY_FAILURE,
            failureCode: RUNWAY_FAILURE_CODE,
          }
        : { id, status: 'THROTTLED', createdAt: iso(Date.now()) };
    case 'luma':
      return done
        ? {
            id,
            state: 'completed',
            failure_reason: null,
            assets: { video: clip, image: `${clip}.jpg` },
            model: 'ray-2',
          }
        : { id, state: 'dreaming', failure_reason: null, assets: null, model: 'ray-2' };
    case 'veo':
      return done
        ? {
            name: id,
            done: true,
            response: {
              '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
              generateVideoResponse: { generatedSamples: [{ video: { uri: clip } }] },
            },
          }
        : { name: id, done: false };
    case 'veo-failed':
      return done
        ? { name: id, done: true, error: { code: 3, message: VEO_ERROR } }
        : { name: id, done: false };
    case 'fal':
      if (done) return falResult(clip);
      return checks === 1
        ? { status: 'IN_QUEUE', request_id: id, queue_position: 1 }
        : { status: 'IN_PROGRESS', request_id: id, logs: [] };
    case 'fal-queue': {
      const at = `${new URL(clip).origin}${falResultPath(id)}`;
      const urls = { response_url: at, status_url: `${at}/status`, cancel_url: `${at}/cancel` };
      if (done)
        return {
          status: 'COMPLETED',
          request_id: id,
          ...urls,
          logs: [{ message: 'Generating video', level: 'INFO', timestamp: iso(Date.now()) }],
          metrics: { inference_time: 41.2 },
        };
      return checks === 1
        ? { status: 'IN_QUEUE', request_id: id, ...urls, queue_position: 1 }
        : { status: 'IN_PROGRESS', request_id: id, ...urls, logs: [] };
    }
    case 'sora':
      return done
        ? {
            id,
            object: 'video',
            status: 'completed',
            model: 'sora-2',
            progress: 100,
            completed_at: Math.floor(Date.now() / 1000),
          }
        : { id, object: 'video', status: 'in_progress', model: 'sora-2', progress: 33 };
    case 'mystery':
      return { id, job: { phase: checks > 1 ? 'rendering' : 'accepted' } };
  }
}
