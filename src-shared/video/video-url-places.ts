/**
 * Where vendors put a finished task's video address, in the order they are looked at
 * (docs/architecture.md, "Video tasks"). One list serves both the search and the message that
 * names the places looked at when none holds an address. `[]` reads the first item of a list.
 * Pure (no node or zod imports): the window reads the same list.
 */
export const VIDEO_URL_PLACES = [
  // Seedance on Ark, and gateways passing it through.
  'content.video_url',
  'content.video_url.url',
  'video_url',
  // Resellers.
  'result_url',
  'output',
  'output.video_url',
  'output.url',
  // Runway: `output: [url]`.
  'output[]',
  'data.content.video_url',
  'data.result_url',
  'metadata.url',
  // Kling.
  'task_result.videos[].url',
  // Luma.
  'assets.video',
  // Google Veo's finished operation (Gemini API), and the generated-videos form of its SDKs.
  'response.generateVideoResponse.generatedSamples[].video.uri',
  'response.generatedVideos[].video.uri',
  // fal's result.
  'video.url',
] as const;

type Obj = Record<string, unknown>;

/** The value at a dotted place; `name[]` steps into the first item of the list at `name`. */
export function valueAt(body: unknown, place: string): unknown {
  let current: unknown = body;
  for (const step of place.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Obj)[key];
    if (list) current = Array.isArray(current) ? current[0] : undefined;
  }
  return current;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** The first address at any of the places, in the given body. */
export function videoUrlIn(body: unknown): string | undefined {
  for (const place of VIDEO_URL_PLACES) {
    const url = text(valueAt(body, place));
    if (url) return url;
  }
  return undefined;
}
