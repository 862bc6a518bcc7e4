/** Text pieces are cut near this many characters, at a space or line end where one is near. */
export const PIECE_CHARS = 8_000;

/**
 * Where the piece starting at `start` ends: at the last line end (else space) in its second half,
 * so a piece shown as its own box breaks the text between words; a run without either is cut hard.
 */
export function pieceEnd(text: string, start: number): number {
  const hard = start + PIECE_CHARS;
  if (hard >= text.length) return text.length;
  const floor = start + PIECE_CHARS / 2;
  const nl = text.lastIndexOf('\n', hard - 1);
  if (nl >= floor) return nl + 1;
  const space = text.lastIndexOf(' ', hard - 1);
  return space >= floor ? space + 1 : hard;
}

/**
 * Cuts text into pieces, keeping the finished pieces of an earlier call (`kept`, mutated) when
 * the text only grew: per streamed frame just the last piece is new, and the earlier ones are
 * the very strings of the frame before. Returns the pieces, the last one open.
 */
export function growPieces(kept: string[], text: string): string[] {
  let start = 0;
  let reusable = 0;
  for (const p of kept) {
    if (!sameAt(text, start, p)) break;
    start += p.length;
    reusable++;
  }
  kept.length = reusable;
  for (;;) {
    const end = pieceEnd(text, start);
    if (end >= text.length) break;
    kept.push(text.slice(start, end));
    start = end;
  }
  return [...kept, text.slice(start)];
}

/** Whether `piece` stands at `at` in `text`, judged by its ends: a full compare per frame would cost as much as the text is long. */
function sameAt(text: string, at: number, piece: string): boolean {
  if (at + piece.length > text.length) return false;
  const n = Math.min(16, piece.length);
  for (let i = 0; i < n; i++) {
    if (text.charCodeAt(at + i) !== piece.charCodeAt(i)) return false;
    const j = piece.length - 1 - i;
    if (text.charCodeAt(at + j) !== piece.charCodeAt(j)) return false;
  }
  return true;
}
