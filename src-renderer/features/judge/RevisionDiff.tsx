import { useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import type { RevisionSummary } from '../../../src-shared/judge/question-set';
import {
  diffRevisions,
  isEmptyDiff,
  type ListChange,
  type QuestionChange,
  type TextPart,
} from '../../../src-shared/judge/revision-diff';
import { RestoreRevision } from './RestoreRevision';

/**
 * Two revisions of a set side by side (docs/architecture.md, "Set revisions"). The diff is
 * computed here from the two revisions the window fetches with `judge.sets.revision`: the module
 * is pure and the revisions are small, so no route of its own is needed.
 */
export function RevisionDiff({ setId, list }: { setId: string; list: RevisionSummary[] }) {
  const latest = list[0]?.revision ?? 1;
  const [a, setA] = useState(Math.max(1, latest - 1));
  const [b, setB] = useState(latest);
  const revA = useRoute('judge.sets.revision', { id: setId, revision: a });
  const revB = useRoute('judge.sets.revision', { id: setId, revision: b });
  const error = revA.error ?? revB.error;
  const diff = revA.data && revB.data ? diffRevisions(revA.data.revision, revB.data.revision) : undefined;
  const picker = (label: string, value: number, set: (n: number) => void) => (
    <label className="row">
      {label}
      <select value={value} onChange={(e) => set(Number(e.target.value))}>
        {list.map((r) => (
          <option key={r.revision} value={r.revision}>
            {t('judge.revisionDiff.option', { revision: r.revision })}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="judge-revision-diff" aria-label={t('judge.revisionDiff.title')}>
      <h4>{t('judge.revisionDiff.title')}</h4>
      <div className="row">
        {picker(t('judge.revisionDiff.a'), a, setA)}
        {picker(t('judge.revisionDiff.b'), b, setB)}
        {/* Restoring saves a revision; the list refetches and its parent keys this view by the latest
            revision, so it starts over at A = the one before, B = the restored copy. */}
        <RestoreRevision setId={setId} revision={a} latest={latest} />
      </div>
      {error ? <ErrorNotice error={asAppError(error)} /> : null}
      {diff ? <DiffBody diff={diff} /> : null}
    </section>
  );
}

function DiffBody({ diff }: { diff: ReturnType<typeof diffRevisions> }) {
  if (isEmptyDiff(diff)) return <p className="small-note muted">{t('judge.revisionDiff.same')}</p>;
  return (
    <ul className="judge-diff-list">
      {diff.added.map((q) => (
        <li key={`+${q.name}`} className="diff-added">
          {t('judge.revisionDiff.added', { name: q.name })}{' '}
          <span className="badge">{t(`judge.type.${q.type}`)}</span>
        </li>
      ))}
      {diff.removed.map((q) => (
        <li key={`-${q.name}`} className="diff-removed">
          {t('judge.revisionDiff.removed', { name: q.name })}
        </li>
      ))}
      {diff.changed.map((c) => (
        <ChangedQuestion key={`~${c.name}`} change={c} />
      ))}
      {diff.minimums.map((m) => (
        <li key={`m${m.key}`}>
          {t('judge.revisionDiff.minimum', {
            key: m.key,
            before: numText(m.before),
            after: numText(m.after),
          })}
        </li>
      ))}
    </ul>
  );
}

const numText = (n: number | undefined) => (n === undefined ? t('judge.revisionDiff.none') : String(n));

function ChangedQuestion({ change }: { change: QuestionChange }) {
  return (
    <li>
      <strong>{t('judge.revisionDiff.changed', { name: change.name })}</strong>
      <ul>
        {change.type ? (
          <li>
            {t('judge.revisionDiff.type', {
              before: t(`judge.type.${change.type.before}`),
              after: t(`judge.type.${change.type.after}`),
            })}
          </li>
        ) : null}
        {change.instructions ? (
          <li>
            {t('judge.revisionDiff.instructions')} <WordDiff parts={change.instructions} />
          </li>
        ) : null}
        {change.options ? (
          <ListDiff label={t('judge.revisionDiff.options')} changes={change.options} />
        ) : null}
        {change.levels ? <ListDiff label={t('judge.revisionDiff.levels')} changes={change.levels} /> : null}
        {change.threshold ? (
          <li>
            {t('judge.revisionDiff.threshold', {
              before: numText(change.threshold.before),
              after: numText(change.threshold.after),
            })}
          </li>
        ) : null}
      </ul>
    </li>
  );
}

/** Marked words; a screen reader hears "added"/"removed" too, since <ins>/<del> are mostly silent. */
function Added({ text }: { text?: string }) {
  return (
    <ins>
      <span className="diff-sr">{t('judge.revisionDiff.srAdded')} </span>
      {text}
    </ins>
  );
}

function Removed({ text }: { text?: string }) {
  return (
    <del>
      <span className="diff-sr">{t('judge.revisionDiff.srRemoved')} </span>
      {text}
    </del>
  );
}

function WordDiff({ parts }: { parts: TextPart[] }) {
  return (
    <span className="judge-word-diff">
      {parts.map((p, i) =>
        p.kind === 'added' ? (
          <Added key={i} text={p.text} />
        ) : p.kind === 'removed' ? (
          <Removed key={i} text={p.text} />
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}

function ListDiff({ label, changes }: { label: string; changes: ListChange[] }) {
  return (
    <li>
      {label}
      <ul>
        {changes.map((c) => (
          <li key={c.key} className={`diff-${c.kind}`}>
            <code>{c.key}</code>{' '}
            {c.kind === 'changed' ? (
              <>
                <Removed text={c.before} /> → <Added text={c.after} />
              </>
            ) : c.kind === 'added' ? (
              <Added text={c.after} />
            ) : (
              <Removed text={c.before} />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
