/**
 * Providers name task states differently. Everything is mapped, case-insensitively,
 * onto one internal set; a word nobody knows is kept raw and polling goes on.
 * Pure (no node or zod imports): the window uses `isTerminal` too.
 */

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
};

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
  error?: string;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** `{ code, data }` and `{ data: {...} }` wrappers carry the task inside `data`. */
export function unwrapTaskBody(body: unknown): Obj {
  const o = asObj(body) ?? {};
  const data = asObj(o.data);
  if (data && o.status === undefined && o.state === undefined && o.task_status === undefined) return data;
  return o;
}

/** The result address, at any of the places providers have been seen to put it. */
export function findVideoUrl(body: unknown): string | undefined {
  const candidates = (o: Obj | undefined): string | undefined => {
    if (!o) return undefined;
    const content = asObj(o.content);
    const output = o.output;
    const outputObj = asObj(output);
    return (
      str(content?.video_url) ??
      str(asObj(content?.video_url)?.url) ??
      str(o.video_url) ??
      str(output) ??
      str(outputObj?.video_url) ??
      str(outputObj?.url) ??
      (Array.isArray(output) ? str(output[0]) : undefined) ??
      str(asObj(asObj(o.data)?.content)?.video_url) ??
      str(asObj(o.metadata)?.url)
    );
  };
  return candidates(asObj(body)) ?? candidates(unwrapTaskBody(body));
}

function errorText(o: Obj): string | undefined {
  const err = o.error;
  const errObj = asObj(err);
  return str(errObj?.message) ?? str(err) ?? str(o.fail_reason) ?? str(o.failure_reason) ?? str(o.message);
}

function progressOf(o: Obj): number | undefined {
  let p = o.progress ?? o.percent ?? o.percentage;
  if (typeof p === 'string') p = Number(p.replace('%', ''));
  if (typeof p !== 'number' || !Number.isFinite(p)) return undefined;
  // Some providers report 0..1, most 0..100.
  const pct = p > 0 && p <= 1 && !Number.isInteger(p) ? p * 100 : p;
  return Math.max(0, Math.min(100, Math.round(pct)));
}

export function parseTaskBody(body: unknown): ParsedTaskBody {
  const o = unwrapTaskBody(body);
  const status = str(o.status) ?? str(o.state) ?? str(o.task_status);
  const state = mapVideoStatus(status);
  const out: ParsedTaskBody = {
    taskId: str(o.task_id) ?? str(o.id) ?? str(o.taskId),
    status,
    state,
    progress: progressOf(o),
    videoUrl: findVideoUrl(body),
  };
  if (state === 'failed' || state === 'cancelled' || state === 'expired') out.error = errorText(o);
  return out;
}
