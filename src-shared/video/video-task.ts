import { z } from 'zod';
import { extraBodySchema, storedExtraSchema } from '../request/extra-body-schema';
import { MODEL_ID_MAX } from '../input-limits';
import {
  isImageAddress,
  VIDEO_DURATION,
  VIDEO_IMAGE_URL_MAX,
  VIDEO_IMAGES_MAX,
  VIDEO_PROMPT_MAX,
  VIDEO_RATIOS,
  VIDEO_RESOLUTIONS,
  VIDEO_RULES,
  type VideoForm,
  type VideoRequestBody,
} from './video-request';
import type { VideoState } from './video-status';

/** Main's check of the form (the window checks first with the same rules, see video-request.ts). */
export const videoFormSchema = z.object({
  model: z.string({ error: VIDEO_RULES.model }).trim().min(1, VIDEO_RULES.model),
  prompt: z
    .string({ error: VIDEO_RULES.prompt })
    .refine((s) => s.trim().length > 0, VIDEO_RULES.prompt)
    .max(VIDEO_PROMPT_MAX, VIDEO_RULES.promptMax),
  images: z
    .array(
      z.object({
        url: z
          .string()
          .max(VIDEO_IMAGE_URL_MAX, VIDEO_RULES.imageTooLarge)
          .refine(isImageAddress, VIDEO_RULES.imageUrl),
        name: z.string().max(500, 'must be at most 500 characters').optional(),
      }),
    )
    .max(VIDEO_IMAGES_MAX, VIDEO_RULES.imagesMax)
    .default([]),
  ratio: z.enum(VIDEO_RATIOS, { error: VIDEO_RULES.ratio }).default('16:9'),
  duration: z
    .number({ error: VIDEO_RULES.duration })
    .int(VIDEO_RULES.duration)
    .min(VIDEO_DURATION.min, VIDEO_RULES.duration)
    .max(VIDEO_DURATION.max, VIDEO_RULES.duration)
    .default(10),
  resolution: z.enum(VIDEO_RESOLUTIONS, { error: VIDEO_RULES.resolution }).default('720p'),
  generateAudio: z.boolean().default(true),
  extra: extraBodySchema('video').optional(),
}) satisfies z.ZodType<VideoForm, unknown>;

/**
 * What `video.tasks.create` accepts: the form with its model id bounded too. The bound is here,
 * not in videoFormSchema, because saved tasks are read back with that schema and must stay readable.
 */
export const videoFormInputSchema = videoFormSchema.extend({
  model: videoFormSchema.shape.model.max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
});

export const videoStateSchema = z.enum([
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'unknown',
]) satisfies z.ZodType<VideoState>;

/** One task as saved under `<dataDir>/video-tasks/<id>.json`. */
export const videoTaskSchema = z.object({
  /** Local id (file name, media name); the gateway's id is `taskId`. */
  id: z.string(),
  taskId: z.string(),
  profileId: z.string(),
  // Saved extras are read back leniently: a task saved under older rules must still open.
  form: videoFormSchema.extend({ extra: storedExtraSchema }),
  request: z.custom<VideoRequestBody>((v) => typeof v === 'object' && v !== null),
  createdAt: z.number(),
  updatedAt: z.number(),
  state: videoStateSchema,
  /** The gateway's own status word, shown when it is not one we know. */
  rawStatus: z.string().optional(),
  /** fal: how many requests are ahead of this one (tasks saved before it was read have none). */
  queuePosition: z.number().optional(),
  /** A field the last reply lacked (see ParsedTaskBody.missing), with the places looked at. */
  missing: z.object({ field: z.enum(['status', 'videoUrl']), lookedFor: z.array(z.string()) }).optional(),
  /** OpenAI's videos API: the gateway path the finished video is served at, which the app does not fetch. */
  contentPath: z.string().optional(),
  progress: z.number().optional(),
  error: z.string().optional(),
  /** The vendor's failure code, shown raw (and explained when it is a content-safety refusal). */
  errorCode: z.string().optional(),
  /** Upstream's last frame, the player's poster. */
  lastFrameUrl: z.string().optional(),
  /** Media-library path of the downloaded last frame. */
  posterFile: z.string().optional(),
  /** The gateway's own `updated_at` (ms): the result link lives 24 h from then. */
  remoteUpdatedAt: z.number().optional(),
  /** Where the gateway said the video is (may expire). */
  remoteUrl: z.string().optional(),
  /** Media-library path of the downloaded video. */
  localFile: z.string().optional(),
  downloadError: z.string().optional(),
  /** Last body received from the gateway, raw, for display. */
  lastBody: z.string().optional(),
  lastCheckedAt: z.number().optional(),
  nextCheckAt: z.number().optional(),
  /** Status checks made so far: a restart resumes the backoff from here, not from the start. */
  pollAttempt: z.number().optional(),
  /** Last time a status check succeeded: a 404 after that means the record has expired. */
  seenAt: z.number().optional(),
  /** The last failed status check (network, 429...), while polling goes on. */
  pollError: z.string().optional(),
  finishedAt: z.number().optional(),
  /** Polling gave up after the total wait (see `maxTotalWaitMs`); the user can resume it. */
  stoppedCheckingAt: z.number().optional(),
  /** Start of the total wait: creation, or the user's last resume. */
  waitFrom: z.number().optional(),
});
export type VideoTask = z.infer<typeof videoTaskSchema>;

/**
 * What the window gets: the task (with picked images' data: URLs replaced by a short
 * placeholder, see video-view.ts) plus the URL it can play the local file from.
 */
export interface VideoTaskView extends VideoTask {
  videoUrl?: string;
  /** The downloaded last frame, the player's poster. */
  posterUrl?: string;
  /** A download of the result is running now (else a missing file needs "Retry download"). */
  downloading: boolean;
  /** Ended (succeeded, failed, cancelled, expired): no more checks. */
  terminal: boolean;
}
