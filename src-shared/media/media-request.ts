/**
 * The JSON bodies the media forms become. Main sends these, and the window previews the same
 * builders, so the preview shows what goes on the wire, extras included (zod-free on purpose).
 */
import { mergeExtraBody } from '../request/extra-body';
import type { EmbeddingsRunInput, ImageGenerateInput, SpeechCreateInput } from './media-inputs';

export function imagesRequestBody(input: ImageGenerateInput) {
  return mergeExtraBody(
    'images',
    {
      model: input.model,
      prompt: input.prompt,
      n: input.n,
      size: input.size,
      response_format: input.responseFormat,
    },
    input.extra,
  );
}

export function speechRequestBody(input: SpeechCreateInput) {
  return mergeExtraBody(
    'speech',
    {
      model: input.model,
      input: input.text,
      voice: input.voice,
      response_format: input.format,
      speed: input.speed,
    },
    input.extra,
  );
}

export function embeddingsRequestBody(input: EmbeddingsRunInput) {
  return mergeExtraBody(
    'embeddings',
    {
      model: input.model,
      input: input.inputs,
      ...(input.dimensions !== undefined ? { dimensions: input.dimensions } : {}),
      encoding_format: input.encodingFormat,
    },
    input.extra,
  );
}
