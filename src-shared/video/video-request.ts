/**
 * The video form and the exact JSON body it becomes (gateway spec §2.3). Pure and free of zod and
 * node imports on purpose: main sends this body, and the window imports the same builder to
 * preview it, so the preview can never drift from what is sent.
 */

import { type ExtraBody, mergeExtraBody } from '../request/extra-body';

export const VIDEO_MODELS = ['vidmodel-2-0-260128', 'vidmodel-2-0-fast-260128'] as const;
export const VIDEO_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive'] as const;
export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export const VIDEO_DURATION = { min: 5, max: 30 } as const;

export type VideoRatio = (typeof VIDEO_RATIOS)[number];
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

/** The spec's defaults: what the gateway assumes when a field is left out. */
export const VIDEO_DEFAULTS = {
  ratio: '16:9' as VideoRatio,
  duration: 10,
  resolution: '720p' as VideoResolution,
  generateAudio: true,
};

export interface VideoReferenceImage {
  /** An http(s) address or a data: URL of a picked file. */
  url: string;
  /** The file name or address the user gave, for display only. */
  name?: string;
}

export interface VideoForm {
  model: string;
  prompt: string;
  images: VideoReferenceImage[];
  ratio: VideoRatio;
  duration: number;
  resolution: VideoResolution;
  generateAudio: boolean;
  /** Extra body fields (`return_last_frame`, `callback_url`, `seed`, …), added after the form's. */
  extra?: ExtraBody;
}

export type VideoContentItem =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string }; role: 'reference_image' };

export interface VideoRequestBody {
  model: string;
  content: VideoContentItem[];
  ratio: VideoRatio;
  duration: number;
  resolution: VideoResolution;
  generate_audio: boolean;
}

export function defaultVideoForm(): VideoForm {
  return { model: VIDEO_MODELS[0], prompt: '', images: [], ...VIDEO_DEFAULTS };
}

/** Every field is sent explicitly, defaults included, so a task records exactly what was asked. */
export function buildVideoRequest(form: VideoForm): VideoRequestBody {
  return mergeExtraBody('video', videoFormBody(form), form.extra);
}

function videoFormBody(form: VideoForm): VideoRequestBody {
  return {
    model: form.model.trim(),
    content: [
      { type: 'text', text: form.prompt },
      ...form.images.map((img): VideoContentItem => ({
        type: 'image_url',
        image_url: { url: img.url },
        role: 'reference_image',
      })),
    ],
    ratio: form.ratio,
    duration: form.duration,
    resolution: form.resolution,
    generate_audio: form.generateAudio,
  };
}

export type VideoFormField = 'model' | 'prompt' | 'images' | 'ratio' | 'duration' | 'resolution';

/** The rules, stated once in words; main's zod schema uses the same sentences. */
export const VIDEO_RULES = {
  model: 'is required: pick or type a video model id',
  prompt: 'is required: describe the video',
  promptMax: 'must be at most 4,000 characters',
  duration: `must be a whole number of seconds from ${VIDEO_DURATION.min} to ${VIDEO_DURATION.max}`,
  ratio: `must be one of ${VIDEO_RATIOS.join(', ')}`,
  resolution: `must be one of ${VIDEO_RESOLUTIONS.join(', ')}`,
  imageUrl: 'must be an http(s) address or an image picked from disk',
  imagesMax: 'may hold at most 4 reference images',
  imageTooLarge:
    'is too large: a picked image may be at most 15,000,000 characters as a data: URL (about 10 MB)',
} as const;

export const VIDEO_PROMPT_MAX = 4000;
export const VIDEO_IMAGES_MAX = 4;
/** A picked file travels as a data: URL; base64 of a 10 MB image is about 14 M characters. */
export const VIDEO_IMAGE_URL_MAX = 15_000_000;

export function isImageAddress(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url.trim()) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(url);
}

/** The form's own check, run before sending; main checks again with zod. */
export function videoFormProblems(form: VideoForm): Partial<Record<VideoFormField, string>> {
  const out: Partial<Record<VideoFormField, string>> = {};
  if (!form.model.trim()) out.model = VIDEO_RULES.model;
  if (!form.prompt.trim()) out.prompt = VIDEO_RULES.prompt;
  else if (form.prompt.length > VIDEO_PROMPT_MAX) out.prompt = VIDEO_RULES.promptMax;
  if (
    !Number.isInteger(form.duration) ||
    form.duration < VIDEO_DURATION.min ||
    form.duration > VIDEO_DURATION.max
  ) {
    out.duration = VIDEO_RULES.duration;
  }
  if (!(VIDEO_RATIOS as readonly string[]).includes(form.ratio)) out.ratio = VIDEO_RULES.ratio;
  if (!(VIDEO_RESOLUTIONS as readonly string[]).includes(form.resolution))
    out.resolution = VIDEO_RULES.resolution;
  if (form.images.length > VIDEO_IMAGES_MAX) out.images = VIDEO_RULES.imagesMax;
  else if (form.images.some((i) => i.url.length > VIDEO_IMAGE_URL_MAX))
    out.images = VIDEO_RULES.imageTooLarge;
  else if (form.images.some((i) => !isImageAddress(i.url))) out.images = VIDEO_RULES.imageUrl;
  return out;
}
