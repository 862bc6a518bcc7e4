import { memo, useMemo, useRef } from 'react';
import { BlockSplitter } from './markdown-blocks';
import { renderMarkdown } from './render-markdown';

/**
 * An open block longer than this is shown as plain text until it closes: parsing and sanitising
 * it again every frame would cost more the longer it grows (a 300 KB code block, a 5 MB
 * paragraph). Finished, it is rendered as markdown once.
 */
export const PLAIN_TAIL_CHARS = 12_000;
/** A plain tail is cut into pieces of this size; all but the last never change, so never re-render. */
const PLAIN_PIECE_CHARS = 8_000;

const Block = memo(function Block({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

const PlainPiece = memo(function PlainPiece({ text }: { text: string }) {
  return <>{text}</>;
});

/**
 * The growing tail as text, in fixed pieces: per frame only the last piece changes, and the
 * earlier pieces are the very strings of the frame before, so comparing them costs nothing.
 */
function PlainTail({ text }: { text: string }) {
  const kept = useRef<string[]>([]);
  const pieces = kept.current;
  const whole = Math.floor(text.length / PLAIN_PIECE_CHARS);
  // A piece is final once the text has grown past it; the last, partial one is cut again.
  if (pieces.length > whole) pieces.length = whole;
  for (let i = pieces.length; i < whole; i++)
    pieces.push(text.slice(i * PLAIN_PIECE_CHARS, (i + 1) * PLAIN_PIECE_CHARS));
  const rest = text.slice(whole * PLAIN_PIECE_CHARS);
  return (
    <div className="md-block md-plain-tail" aria-busy="true">
      {pieces.map((p, i) => (
        <PlainPiece key={i} text={p} />
      ))}
      {rest}
    </div>
  );
}

/**
 * Renders markdown that may still be growing: finished blocks are memoized (and their HTML
 * cached by source, so the saved message reuses what the live view rendered); only the open
 * tail re-renders, as plain text once it is long. See docs/architecture.md, "The window".
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  const { blocks, tail } = splitter.current.update(text);
  return (
    <div className="markdown">
      {blocks.map((b, i) => (
        <Block key={i} source={b} />
      ))}
      {streaming && tail.length > PLAIN_TAIL_CHARS ? (
        <PlainTail key={blocks.length} text={tail} />
      ) : tail.trim() ? (
        <Block source={tail} />
      ) : null}
    </div>
  );
}
