/**
 * Providers name task states differently. Everything is mapped, case-insensitively,
 * onto one internal set; a word nobody knows is kept raw and polling goes on.
 * Pure (no node or zod imports): the window uses `isTerminal` too.
 */
import { VIDEO_URL_PLACES, videoUrlIn } from './video-url-places';

export type VideoState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired' | 'unknown';

export const TERMINAL_STATES: readonly VideoState[] = ['succeeded', 'failed', 'cancelled', 'expired'];

const WORDS: Record<string, VideoState> = {
  queued: 'queued',
  pending: 'queued',
  submitted: 'queued',
  in_queue: 'queued',
  running: 'running',
  in_progress: 'running',
  processing: 'running',
  succeeded: 'succeeded',
  success: 'succeeded',
  completed: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  error: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
  // Other video vendors' words (their case varies: `succeed`, `Fail`, `Queueing`).
  queueing: 'queued',
  succeed: 'succeeded',
  fail: 'failed',
  // Runway holds a task back while the account is at its limit; Luma renders while `dreaming`.
  throttled: 'queued',
  dreaming: 'running',
};

/** The fields a status is read from, named when a reply has none of them. */
export const STATUS_FIELDS = ['status', 'state', 'task_status', 'done'] as const;

export function mapVideoStatus(word: string | undefined): VideoState {
  if (!word) return 'unknown';
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return WORDS[key] ?? 'unknown';
}

export function isTerminal(state: VideoState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** What a task body says, whatever its shape. */
export interface ParsedTaskBody {
  taskId?: string;
  status?: string;
  state: VideoState;
  progress?: number;
  videoUrl?: string;
  /** Upstream's last frame of the video, shown as the player's poster. */
  lastFrameUrl?: string;
  error?: string;
  /** The vendor's failure code, e.g. `InputImageSensitiveContentDetected.PrivacyInformation`. */
  errorCode?: string;
  /** The gateway's own `updated_at` (ms), the start of the result link's lifetime. */
  remoteUpdatedAt?: number;
  /** fal: how many requests are ahead of this one. */
  queuePosition?: number;
  /**
   * A field the reply lacks that the app needs: no status at all (the task stays unknown and
   * polling goes on), or a finished task with no address. `lookedFor` names the places read.
   */
  missing?: { field: 'status' | 'videoUrl'; lookedFor: string[] };
  /**
   * OpenAI's videos API serves a finished video at `videos/{id}/content` on the gateway, with the
   * API key, instead of giving an address: this path, fetched under the profile's base URL.
   */
  contentPath?: string;
  /**
   * fal's queue: a COMPLETED status holds no video, only the address of the result
   * (`response_url`), which holds it. Main reads that result before the reply is applied.
   */
  resultUrl?: string;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
/** Ids and codes arrive as strings or numbers; both are kept as strings. */
const idStr = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);
const hasStatus = (o: Obj) => STATUS_FIELDS.some((f) => o[f] !== undefined);

/** `{ code, data }`, `{ data: {...} }` and `{ output: {...} }` wrappers carry the task inside. */
export function unwrapTaskBody(body: unknown): Obj {
  const o = asObj(body) ?? {};
  if (hasStatus(o)) return o;
  for (const key of ['data', 'output']) {
    const inner = asObj(o[key]);
    if (inner && (hasStatus(inner) || idStr(inner.task_id) !== undefined)) return inner;
  }
  const data = asObj(o.data);
  return data ?? o;
}

/** The result address, at any of the places providers have been seen to put it (video-url-places.ts). */
export function findVideoUrl(body: unknown): string | undefined {
  return videoUrlIn(asObj(body)) ?? videoUrlIn(unwrapTaskBody(body));
}

function lastFrameOf(o: Obj): string | undefined {
  const content = asObj(o.content);
  return str(content?.last_frame_url) ?? str(asObj(content?.last_frame_url)?.url) ?? str(o.last_frame_url);
}

function errorText(o: Obj, top: Obj): string | undefined {
  const err = o.error;
  const errObj = asObj(err);
  return (
    str(errObj?.message) ??
    str(err) ??
    str(o.fail_reason) ??
    str(o.failure_reason) ??
    // Runway's `failure`, Kling's `task_status_msg`.
    str(o.failure) ??
    str(o.task_status_msg) ??
    str(asObj(top.base_resp)?.status_msg) ??
    str(o.message)
  );
}

function progressOf(o: Obj): number | undefined {
  let p = o.progress ?? o.percent ?? o.percentage;
  if (typeof p === 'string') p = Number(p.replace('%', ''));
  if (typeof p !== 'number' || !Number.isFinite(p)) return undefined;
  // Some providers report 0..1, most 0..100.
  const pct = p > 0 && p <= 1 && !Number.isInteger(p) ? p * 100 : p;
  return Math.max(0, Math.min(100, Math.round(pct)));
}

/** Upstream sends Unix seconds; a number that large is already milliseconds. */
function timeOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v < 1e12 ? v * 1000 : v;
  if (typeof v === 'string' && v.trim()) {
    const t = /^\d+$/.test(v.trim()) ? timeOf(Number(v)) : Date.parse(v);
    return t !== undefined && Number.isFinite(t) ? t : undefined;
  }
  return undefined;
}

/** Google's long-running operations are named `operations/…` (under a model's path on Gemini). */
const operationName = (v: unknown): string | undefined => {
  const name = str(v);
  return name && /(^|\/)operations\//.test(name) ? name : undefined;
};

/**
 * The state of a reply without a status word: a long-running operation by its `done` (and
 * `error`), a bare result carrying an address (fal's) as done, else unknown.
 */
function stateWithoutWord(o: Obj, videoUrl: string | undefined): VideoState {
  if (typeof o.done === 'boolean') {
    if (!o.done) return 'running';
    return o.error !== undefined && o.error !== null ? 'failed' : 'succeeded';
  }
  return videoUrl ? 'succeeded' : 'unknown';
}

export function parseTaskBody(body: unknown): ParsedTaskBody {
  const top = asObj(body) ?? {};
  const o = unwrapTaskBody(body);
  const status = str(o.status) ?? str(o.state) ?? str(o.task_status);
  const videoUrl = findVideoUrl(body);
  const state = status !== undefined ? mapVideoStatus(status) : stateWithoutWord(o, videoUrl);
  const taskId =
    idStr(o.task_id) ??
    idStr(o.id) ??
    idStr(o.taskId) ??
    idStr(o.request_id) ??
    operationName(o.name) ??
    idStr(top.task_id) ??
    idStr(top.id);
  const out: ParsedTaskBody = {
    taskId,
    status,
    state,
    progress: progressOf(o),
    videoUrl,
    lastFrameUrl: lastFrameOf(o),
    remoteUpdatedAt: timeOf(o.updated_at),
  };
  if (typeof o.queue_position === 'number') out.queuePosition = o.queue_position;
  if (state === 'failed' || state === 'cancelled' || state === 'expired') {
    out.error = errorText(o, top);
    out.errorCode =
      idStr(asObj(o.error)?.code) ?? idStr(o.error_code) ?? idStr(o.fail_code) ?? idStr(o.failureCode);
  }
  if (state === 'unknown' && !hasStatus(o)) out.missing = { field: 'status', lookedFor: [...STATUS_FIELDS] };
  if (state === 'succeeded' && !videoUrl) {
    if (o.object === 'video' && taskId) out.contentPath = `videos/${taskId}/content`;
    else if (str(o.response_url)) out.resultUrl = str(o.response_url);
    else out.missing = { field: 'videoUrl', lookedFor: [...VIDEO_URL_PLACES] };
  }
  return out;
}

/** Codes of a provider's content-safety refusal (`…SensitiveContentDetected…`, `…Risk…`). */
export function isSafetyCode(code: string | undefined): boolean {
  return code !== undefined && /sensitive|risk/i.test(code);
}

/** Which side the safety check refused, from the code's prefix (`InputImage…`, `OutputVideo…`). */
export function safetySide(code: string): 'input' | 'output' | 'either' {
  if (/^input/i.test(code)) return 'input';
  if (/^output/i.test(code)) return 'output';
  return 'either';
}

/**
 * A finished task's video can be fetched: the gateway gave its address, or (OpenAI's videos API)
 * the path it is served at.
 */
export function hasVideoSource(task: { remoteUrl?: string; contentPath?: string }): boolean {
  return !!task.remoteUrl || !!task.contentPath;
}

/** Result links live 24 h after the task finished (upstream's rule). */
export const RESULT_URL_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function resultUrlValidUntil(task: {
  remoteUpdatedAt?: number;
  finishedAt?: number;
}): number | undefined {
  const from = task.remoteUpdatedAt ?? task.finishedAt;
  return from === undefined ? undefined : from + RESULT_URL_LIFETIME_MS;
}
