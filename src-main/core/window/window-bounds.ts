import { z } from 'zod';

/** Where and how large the window was when it last closed; kept with the small settings. */
export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 860, height: 560 };
/** How much of the title bar must stay on a screen for the window to be found and dragged. */
const VISIBLE_MIN = 64;

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { w: Math.max(0, w), h: Math.max(0, h) };
}

/**
 * The bounds to open the window with. A saved position is used only while enough of it lies on
 * one of today's screens (a monitor may have been unplugged since); otherwise the window opens
 * at the saved size, centred by the system. Anything unreadable falls back to the default size.
 */
export function boundsToRestore(
  saved: unknown,
  workAreas: Rect[],
): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  const parsed = windowStateSchema.safeParse(saved);
  if (!parsed.success) return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const s = parsed.data;
  const largest = workAreas.reduce((m, a) => Math.max(m, a.width * a.height), 0);
  const fit = workAreas.find((a) => a.width * a.height === largest);
  const width = Math.max(MIN_SIZE.width, fit ? Math.min(s.width, fit.width) : s.width);
  const height = Math.max(MIN_SIZE.height, fit ? Math.min(s.height, fit.height) : s.height);
  const onScreen = workAreas.some((a) => {
    const o = overlap({ x: s.x, y: s.y, width, height: Math.min(height, VISIBLE_MIN) }, a);
    return o.w >= VISIBLE_MIN && o.h > 0;
  });
  return {
    bounds: onScreen ? { x: s.x, y: s.y, width, height } : { width, height },
    maximized: s.maximized,
  };
}
