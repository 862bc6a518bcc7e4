import { memo, useMemo, useRef } from 'react';
import { BlockSplitter } from './markdown-blocks';
import { renderMarkdown } from './render-markdown';

const Block = memo(function Block({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** Renders markdown that may still be growing: finished blocks are memoized, only the tail re-renders. */
export function Markdown({ text }: { text: string }) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  const { blocks, tail } = splitter.current.update(text);
  return (
    <div className="markdown">
      {blocks.map((b, i) => (
        <Block key={i} source={b} />
      ))}
      {tail.trim() ? <Block source={tail} /> : null}
    </div>
  );
}
