import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MessageLogprobs } from '../../../src-shared/chat/logprobs';
import { MAX_LOGPROB_TOKENS, probabilityOf } from '../../../src-shared/chat/logprob-limits';
import { formatNumber, t } from '../../i18n/i18n';
import './reply-formats.css';

/** A probability as a percentage in the window's language. */
export function percent(p: number): string {
  return formatNumber(p, { style: 'percent', maximumFractionDigits: p > 0.995 || p < 0.001 ? 0 : 1 });
}

/** Shade classes, likeliest first: the class says it in colour and in the underline's weight. */
export function shadeOf(p: number): 'p5' | 'p4' | 'p3' | 'p2' | 'p1' {
  return p >= 0.9 ? 'p5' : p >= 0.7 ? 'p4' : p >= 0.5 ? 'p3' : p >= 0.25 ? 'p2' : 'p1';
}

/** A token as it can be seen in a table: line breaks, tabs and the spaces at its ends made visible. */
export function visibleToken(token: string): string {
  return token
    .replace(/\r?\n/g, '⏎')
    .replace(/\t/g, '⇥')
    .replace(/^ +| +$/g, (spaces) => '␣'.repeat(spaces.length));
}

/** A token as a screen reader should say it: its words, or its visible form when it is only blanks. */
function spokenToken(token: string): string {
  return token.trim() || visibleToken(token);
}

/**
 * The heat view of a reply's token probabilities: each token shaded by its probability, and
 * underlined more heavily the less likely it was, so the view does not rest on colour alone. The
 * tokens are a listbox with one tab stop (roving tabindex: arrows, Home, End); the token hovered
 * or focused has its probability and the alternatives the model weighed shown below, in a live
 * region, so a keyboard or screen-reader user hears what a mouse user sees.
 */
export function TokenHeat({ logprobs }: { logprobs: MessageLogprobs }) {
  const { tokens } = logprobs;
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<number | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();
  const hintId = `${ids}-hint`;
  const detailId = `${ids}-detail`;

  const focusAt = (i: number) => {
    const next = Math.max(0, Math.min(tokens.length - 1, i));
    setActive(next);
    list.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: tokens.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    focusAt(moves[e.key]);
  };

  const current = shown === undefined ? undefined : tokens[shown];
  return (
    <div className="token-probabilities">
      <p id={hintId} className="muted small-note">
        {t('chat.probs.hint')}
      </p>
      <div
        ref={list}
        role="listbox"
        aria-label={t('chat.probs.label')}
        aria-describedby={hintId}
        aria-orientation="horizontal"
        className="token-heat"
        onKeyDown={onKeyDown}
        onMouseLeave={() => setShown(undefined)}
      >
        {tokens.map((tk, i) => {
          const p = probabilityOf(tk.logprob);
          return (
            <span
              key={i}
              role="option"
              data-index={i}
              aria-selected={i === active}
              tabIndex={i === active ? 0 : -1}
              className={`token ${shadeOf(p)}${i === shown ? ' active' : ''}`}
              aria-label={t('chat.probs.token', { token: spokenToken(tk.token), percent: percent(p) })}
              aria-describedby={detailId}
              onMouseEnter={() => setShown(i)}
              onFocus={() => {
                setActive(i);
                setShown(i);
              }}
              onClick={() => focusAt(i)}
            >
              {tk.token}
            </span>
          );
        })}
      </div>
      <div id={detailId} className="token-detail" aria-live="polite">
        {current ? (
          <TokenDetail token={current.token} logprob={current.logprob} top={current.top} />
        ) : (
          <span className="muted">{t('chat.probs.pick')}</span>
        )}
      </div>
      {logprobs.cut ? (
        <p className="muted small-note" role="note">
          {t('chat.probs.cut', { tokens: formatNumber(MAX_LOGPROB_TOKENS) })}
        </p>
      ) : null}
    </div>
  );
}

function TokenDetail({ token, logprob, top }: MessageLogprobs['tokens'][number]) {
  return (
    <>
      <strong>
        {t('chat.probs.chosen', {
          token: `“${visibleToken(token)}”`,
          percent: percent(probabilityOf(logprob)),
        })}
      </strong>
      {top?.length ? (
        <table aria-label={t('chat.probs.alternatives')}>
          <tbody>
            {top.map((alt, i) => (
              <tr key={i} className={alt.token === token ? 'chosen' : undefined}>
                <td>
                  <code>{visibleToken(alt.token)}</code>
                </td>
                <td className="num">{percent(probabilityOf(alt.logprob))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="muted small-note">{t('chat.probs.noAlternatives')}</div>
      )}
    </>
  );
}
