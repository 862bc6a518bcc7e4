import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';
import { moreParamsInUse, toolsInUse } from './panels-in-use';
import type { TokenHeat as EagerTokenHeat } from './TokenHeat';
import type { ToolCallBlock as EagerToolCallBlock } from './ToolCallBlock';

/**
 * Chat parts most chats never show, each in a chunk of its own so that the Chat tab's first
 * screen does not carry them (docs/architecture.md, "The window"): side-by-side compare, tool
 * calls and token probabilities under a reply, and the folded Tools and More parameters panels.
 * A folded panel loads when opened, when the pointer or focus reaches its title (so it is usually
 * there by the click), or at once when the open chat's parameters use it.
 */
const loadCompareView = () => import('./CompareView').then((m) => ({ default: m.CompareView }));
const loadToolCallBlock = () => import('./ToolCallBlock').then((m) => ({ default: m.ToolCallBlock }));
const loadTokenHeat = () => import('./TokenHeat').then((m) => ({ default: m.TokenHeat }));
const loadMoreParams = () => import('./MoreParams').then((m) => ({ default: m.MoreParams }));
const loadToolsEditor = () => import('./ToolsEditor').then((m) => ({ default: m.ToolsEditor }));

const LazyCompareView = lazy(loadCompareView);
const LazyToolCallBlock = lazy(loadToolCallBlock);
const LazyTokenHeat = lazy(loadTokenHeat);
const LazyMoreParams = lazy(loadMoreParams);
const LazyToolsEditor = lazy(loadToolsEditor);

function Loading() {
  return (
    <p className="muted small-note" role="status">
      {t('common.loading')}
    </p>
  );
}

export function CompareView() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyCompareView />
    </Suspense>
  );
}

export function ToolCallBlock(props: ComponentProps<typeof EagerToolCallBlock>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyToolCallBlock {...props} />
    </Suspense>
  );
}

export function TokenHeat(props: ComponentProps<typeof EagerTokenHeat>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyTokenHeat {...props} />
    </Suspense>
  );
}

/** Starts a panel's load early; a failure is not reported here but when the panel is opened. */
const warm = (preload: () => Promise<unknown>) => void preload().catch(() => undefined);

/**
 * A folded panel's title until the panel itself is wanted; then the panel, opened (and its title
 * focused, when the user opened it from the keyboard) as the user asked.
 */
function Folded({
  className,
  title,
  inUse,
  preload,
  panel,
}: {
  className: string;
  title: string;
  inUse: boolean;
  preload: () => Promise<unknown>;
  panel: (opened: 'open' | 'focus' | undefined) => ReactNode;
}) {
  const [opened, setOpened] = useState<'open' | 'focus' | undefined>(undefined);
  if (!inUse && !opened)
    return (
      <details
        className={className}
        onToggle={(e) => {
          if (!e.currentTarget.open) return;
          const focused = e.currentTarget.contains(document.activeElement);
          setOpened(focused ? 'focus' : 'open');
        }}
      >
        <summary onPointerEnter={() => warm(preload)} onFocus={() => warm(preload)}>
          {title}
        </summary>
      </details>
    );
  return (
    <Suspense
      fallback={
        <details className={className} open>
          <summary>{title}</summary>
          <Loading />
        </details>
      }
    >
      {panel(opened)}
    </Suspense>
  );
}

export function MoreParams() {
  const inUse = useChat((s) => moreParamsInUse(s.params));
  return (
    <Folded
      className="more-params"
      title={t('chat.moreParams')}
      inUse={inUse}
      preload={loadMoreParams}
      panel={(opened) => <LazyMoreParams opened={opened} />}
    />
  );
}

export function ToolsEditor() {
  const inUse = useChat((s) => toolsInUse(s.params));
  return (
    <Folded
      className="more-params tools-params"
      title={t('chat.tools')}
      inUse={inUse}
      preload={loadToolsEditor}
      panel={(opened) => <LazyToolsEditor opened={opened} />}
    />
  );
}
