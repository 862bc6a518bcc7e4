import { memo, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { BlockSplitter } from './markdown-blocks';
import { useTailFirst } from './reply-tail-first';
import type { LiveText } from './live-text';
import { type Render, replyEnhancer, useMarkdownRenderer } from './markdown-loader';
import { growPieces } from './text-pieces';

/**
 * An open block longer than this is shown as plain text until it closes: parsing and sanitising
 * it again every frame would cost more the longer it grows (a 300 KB code block, a 5 MB
 * paragraph). Finished, it is rendered as markdown once.
 */
export const PLAIN_TAIL_CHARS = 12_000;
/**
 * A finished block longer than this is not run through marked and DOMPurify (a 2 MB paragraph
 * costs most of a second there, and as much again to lay out as one box): a code block is shown
 * as code and anything else as plain text, both in pieces the browser lays out only when seen.
 */
export const HUGE_BLOCK_CHARS = 100_000;
const FENCE_OPEN = /^ {0,3}(```|~~~)[^\n]*\n/;

const Block = memo(function Block({
  source,
  render,
  open = false,
  pieces,
}: {
  source: string;
  render: Render | undefined;
  open?: boolean;
  /** A long open block, already in pieces (SplitText.tailPieces): `source` is then not read. */
  pieces?: string[];
}) {
  // A long open block and a huge finished one share one DOM shape: a reply growing past
  // HUGE_BLOCK_CHARS keeps the pieces already laid out (a remount lays them all out in one frame).
  if (pieces || source.length > HUGE_BLOCK_CHARS) return <HugeBlock source={source} pieces={pieces} />;
  // The first message shown may come before the renderer has loaded: plain text for that moment.
  if (!render) return <Pieces className="md-block md-plain-tail" text={source} />;
  return <MarkdownBlock source={source} render={render} open={open} />;
});

function MarkdownBlock({ source, render, open }: { source: string; render: Render; open: boolean }) {
  const html = useMemo(() => render(source, open), [source, render, open]);
  const ref = useRef<HTMLDivElement>(null);
  // Copy buttons labelled now; code coloured and math typeset once near the view, idle and finished.
  useLayoutEffect(() => {
    const root = ref.current;
    // Loaded with the renderer this block was rendered by.
    const enhance = replyEnhancer();
    if (!root || !enhance) return;
    enhance.enhanceBlock(root, !open);
    return () => enhance.releaseBlock(root);
  }, [html, open]);
  return <div ref={ref} className="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A block too long for marked: code as code (its fences left out), anything else as text, in
 * pieces. Streaming, the pieces come from the splitter; saved, they are cut here the same way,
 * so saving the reply keeps the DOM. Only the first and last pieces are read, never `source`.
 */
function HugeBlock({ source, pieces }: { source: string; pieces?: string[] }) {
  const kept = useRef<string[]>([]);
  const all = pieces ?? growPieces(kept.current, source);
  const fence = FENCE_OPEN.exec(all[0] ?? '');
  if (!fence)
    return (
      <div className="md-block md-huge">
        <PieceList pieces={all} />
      </div>
    );
  const shown = all.slice();
  shown[0] = shown[0].slice(fence[0].length);
  // The closing fence is looked for in the last characters only.
  const lastAt = shown.length - 1;
  const last = shown[lastAt];
  const close = new RegExp(`\\n {0,3}${fence[1]}\\s*$`).exec(last.slice(-64));
  if (close) shown[lastAt] = last.slice(0, Math.max(0, last.length - 64) + close.index);
  return (
    <div className="md-block md-huge">
      <pre>
        <PieceList as="code" pieces={shown} />
      </pre>
    </div>
  );
}

const Piece = memo(function Piece({ text }: { text: string }) {
  return <span className="md-piece">{text}</span>;
});

/**
 * Text as pieces of about PIECE_CHARS, each its own box (see .md-piece): per streamed frame only
 * the last piece changes and is laid out again, and pieces out of view are not laid out at all.
 */
function Pieces({ text, className }: { text: string; className?: string }) {
  const kept = useRef<string[]>([]);
  return (
    <div className={className}>
      <PieceList pieces={growPieces(kept.current, text)} />
    </div>
  );
}

function PieceList({ pieces, as: Tag }: { pieces: string[]; as?: 'code' }) {
  const spans = pieces.map((p, i) => <Piece key={i} text={p} />);
  return Tag ? <Tag>{spans}</Tag> : <>{spans}</>;
}

/** Finished blocks are laid out in groups of this many; see Group. */
const GROUP_BLOCKS = 32;

/**
 * Finished blocks [from, to) in one box. In a reply of several groups, each is a box the browser
 * skips when out of view (`content-visibility`, the `md-skip` class): per streamed frame, layout
 * and paint walk a few dozen groups rather than every element of a 200,000-character reply. A
 * reply of one group is not skipped: the list mounts only the messages near the view
 * (MessageList.tsx), so it is on screen, and a skippable box mounted on screen costs the page a
 * second style and layout pass in the frame that shows it (the first finds it in view, the
 * second lays it out; about 1 ms of a 30 ms open, by a trace). `blocks` is the splitter's own array,
 * the same object while the text grows, so a full group never re-renders.
 */
const Group = memo(function Group({
  blocks,
  from,
  to,
  render,
  skip,
}: {
  blocks: string[];
  from: number;
  to: number;
  render: Render | undefined;
  skip: boolean;
}) {
  const shown: ReactNode[] = [];
  for (let i = from; i < to; i++) shown.push(<Block key={i} source={blocks[i]} render={render} />);
  return <div className={skip ? 'md-group md-skip' : 'md-group'}>{shown}</div>;
});

/**
 * Renders markdown that may still be growing: finished blocks are memoized (and their HTML
 * cached by source, so the saved message reuses what the live view rendered); only the open
 * tail re-renders, as plain text once it is long. See docs/architecture.md, "The window".
 */
export function Markdown({
  text,
  chain,
  streaming = false,
  tailFirst,
}: {
  text: string;
  /** While streaming, the same text as pieces: only the new ones are read (live-text.ts). */
  chain?: LiveText;
  streaming?: boolean;
  /**
   * Mounted at the end of a conversation being opened, in a view this many pixels tall: its last
   * blocks first, those that fill a little more than such a view (reply-tail-first.tsx).
   */
  tailFirst?: number;
}) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  const { blocks, tail, tailPieces } =
    streaming && chain ? splitter.current.updateLive(chain) : splitter.current.update(text);
  const render = useMarkdownRenderer();
  const shown = useTailFirst(blocks, tail, tailFirst, streaming);
  const groups: number[] = [];
  for (let from = 0; from < blocks.length; from += GROUP_BLOCKS) groups.push(from);
  return (
    <div className="markdown" onClick={(e) => replyEnhancer()?.copyCodeOnClick(e.target)}>
      {shown.spacer}
      {groups.map((from) =>
        from + GROUP_BLOCKS <= shown.from ? null : (
          <Group
            key={from}
            blocks={blocks}
            from={Math.max(from, shown.from)}
            to={Math.min(blocks.length, from + GROUP_BLOCKS)}
            render={render}
            skip={groups.length > 1}
          />
        ),
      )}
      {tail.length > PLAIN_TAIL_CHARS && (streaming || tail.length > HUGE_BLOCK_CHARS) ? (
        // A long open block is shown from the splitter's pieces, its text never read whole.
        // A huge one is the same Block the saved message shows (code as code, else text, in
        // the same pieces), so saving it keeps the DOM rather than laying 5 MB out again.
        <Block source={tail} pieces={tailPieces} render={render} open={streaming} />
      ) : tail.trim() ? (
        <Block source={tail} render={render} open={streaming} />
      ) : null}
    </div>
  );
}
