import type { FlaggedGradeCell } from '../../../../src-shared/judge/case-grade';
import type { RowReview } from '../../../../src-shared/judge/review-marks';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { t } from '../../../i18n/i18n';
import { num2, pct, yesNo } from '../format';
import { problemWords } from '../problem-text';

/** The label beside the answer, and a mark when the two disagree (said in words to a screen reader). */
function Expected({ text, disagrees }: { text: string | undefined; disagrees: boolean }) {
  if (text === undefined) return null;
  return (
    <span className={disagrees ? 'grid-expected disagrees' : 'grid-expected'}>
      {disagrees ? (
        <span aria-hidden="true" title={t('runs.grid.disagrees')}>
          ≠{' '}
        </span>
      ) : null}
      <span className="sr-only">{disagrees ? t('runs.grid.disagreesWith') : t('runs.grid.agreesWith')}</span>
      {text}
    </span>
  );
}

/** The level probabilities as a row of small bars, the chosen one in the accent colour. */
function LevelBars({
  probabilities,
  chosen,
}: {
  probabilities: (number | null)[];
  chosen: number | undefined;
}) {
  const title = probabilities.map((p, i) => `${i + 1}: ${pct(p ?? undefined)}`).join(', ');
  return (
    <span className="grid-levels" title={title} aria-label={title} role="img">
      {probabilities.map((p, i) => (
        <span
          key={i}
          className={i === chosen ? 'grid-level chosen' : 'grid-level'}
          style={{ height: `${Math.max(2, Math.round((p ?? 0) * 100))}%` }}
        />
      ))}
    </span>
  );
}

/** Expected text of a cell as the grid writes it: levels from 1, booleans in words. */
function expectedText(cell: FlaggedGradeCell): string | undefined {
  if (cell.expected === undefined) return undefined;
  if (cell.type === 'score') return String(cell.expected + 1);
  if (cell.type === 'noul') return yesNo(cell.expected);
  return cell.expected;
}

export function GradeCellView({
  cell,
  question,
}: {
  cell: FlaggedGradeCell;
  question: Question | undefined;
}) {
  if (cell.problems && cell.problems.length > 0) {
    // An answer that does not fit its question is never shown as a reading: the mark, and why.
    const why = cell.problems.map(problemWords).join('; ');
    return (
      <>
        <span className="grid-invalid" title={why}>
          <span aria-hidden="true">⚠ </span>
          {t('runs.grid.invalid')}
          <span className="sr-only">: {why}</span>
        </span>
        <Expected text={expectedText(cell)} disagrees={false} />
      </>
    );
  }
  if (cell.type === 'choice') {
    if (cell.answer === undefined) return <span className="muted">—</span>;
    return (
      <>
        <span>
          {cell.answer} <span className="muted">{pct(cell.probability)}</span>
        </span>
        <Expected text={cell.expected} disagrees={cell.disagrees} />
      </>
    );
  }
  if (cell.type === 'score') {
    if (cell.answer === undefined) return <span className="muted">—</span>;
    const levelName = (i: number) => question?.levels[i];
    return (
      <>
        <span title={levelName(cell.answer)}>{cell.answer + 1}</span>
        {cell.probabilities.length > 0 ? (
          <LevelBars probabilities={cell.probabilities} chosen={cell.answer} />
        ) : null}
        <Expected
          text={cell.expected === undefined ? undefined : String(cell.expected + 1)}
          disagrees={cell.disagrees}
        />
      </>
    );
  }
  if (cell.value === undefined || cell.verdict === undefined) return <span className="muted">—</span>;
  return (
    <>
      <span title={t('runs.grid.atThreshold', { threshold: num2(cell.threshold) })}>
        {num2(cell.value)} → {yesNo(cell.verdict)}
      </span>
      <Expected
        text={cell.expected === undefined ? undefined : yesNo(cell.expected)}
        disagrees={cell.disagrees}
      />
    </>
  );
}

/** The user's mark on a row: agree ✓ / disagree ✗, a comment 💬 and a corrected label ✎, in words for a screen reader. */
export function ReviewCell({ review }: { review: RowReview | undefined }) {
  if (!review) return null;
  const marks: { glyph: string; text: string; className: string }[] = [];
  if (review.verdict === 'agree')
    marks.push({ glyph: '✓', text: t('runs.grid.markedAgree'), className: 'review-mark agree' });
  if (review.verdict === 'disagree')
    marks.push({ glyph: '✗', text: t('runs.grid.markedDisagree'), className: 'review-mark disagree' });
  if (review.commented) marks.push({ glyph: '💬', text: t('runs.grid.commented'), className: 'review-mark' });
  if (review.corrected) marks.push({ glyph: '✎', text: t('runs.grid.corrected'), className: 'review-mark' });
  return (
    <span className="grid-review">
      {marks.map((m) => (
        <span key={m.glyph} className={m.className} title={m.text}>
          <span aria-hidden="true">{m.glyph}</span>
          <span className="sr-only">{m.text}</span>
        </span>
      ))}
    </span>
  );
}
