import { Bar, BarChart, Cell, LabelList, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { type AnswerProblem, answerProblems } from '../../../src-shared/judge/answer-check';
import type { JudgeAnswer } from '../../../src-shared/judge/judge-answers';
import type { Question } from '../../../src-shared/judge/question-rules';
import { DEFAULT_THRESHOLD, noulVerdict } from '../../../src-shared/judge/set-tuning';
import { t } from '../../i18n/i18n';
import { num2, pct } from './format';
import { problemWords } from './problem-text';

type Of<K extends JudgeAnswer['kind']> = Extract<JudgeAnswer, { kind: K }>;

// Colours come from the theme's CSS variables (see judge.css), so light and dark both read well.
const axisProps = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 } };
const pctTick = (v: number) => `${Math.round(v * 100)}%`;
/** A bar label: "—" when the gateway sent no number (the bar itself is left out). */
const barLabel = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? pct(v) : '—');

/** A level's text: the legend or the question's, else "Level n" from the catalog. */
export function levelText(l: { label: string; description?: string }): string {
  return l.description ?? t('judge.answer.levelN', { n: l.label });
}

const TICK_MAX = 14;
const truncate = (s: string, max = TICK_MAX) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** An axis tick with the level's description, shortened; the full text is its tooltip (and in the table). */
function LevelTick(props: {
  x?: number | string;
  y?: number | string;
  payload?: { value: string };
  full: Map<string, string>;
}) {
  const key = props.payload?.value ?? '';
  const full = props.full.get(key) ?? key;
  return (
    <g transform={`translate(${Number(props.x ?? 0)},${Number(props.y ?? 0)})`}>
      <title>{full}</title>
      <text dy={12} textAnchor="middle" fill="currentColor" fontSize={11}>
        {truncate(full)}
      </text>
    </g>
  );
}

function Confidence({ value }: { value?: number }) {
  if (value === undefined) return null;
  return (
    <div className="judge-confidence">
      <span className="small-note">{t('judge.answer.confidence')}</span>
      <meter
        min={0}
        max={1}
        value={value}
        aria-label={t('judge.answer.confidenceOf', { value: pct(value) })}
      />
      <span className="small-note">{pct(value)}</span>
    </div>
  );
}

function ChoiceChart({ a }: { a: Of<'choice'> }) {
  // A missing probability stays undefined: the bar is left out and the label reads "—".
  const data = a.options.map((o) => ({ name: o.name, p: o.probability, chosen: o.name === a.choice }));
  const summary = t('judge.answer.choiceSummary', {
    choice: a.choice ?? '—',
    list: data.map((d) => `${d.name} ${pct(d.p)}`).join(', '),
  });
  return (
    <>
      <div className="judge-chart" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height={Math.max(90, data.length * 34 + 30)}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 48, top: 4, bottom: 4 }}>
            <XAxis type="number" domain={[0, 1]} tickFormatter={pctTick} {...axisProps} />
            <YAxis type="category" dataKey="name" width={110} {...axisProps} />
            <Bar dataKey="p" isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.name} className={d.chosen ? 'bar-chosen' : 'bar-other'} />
              ))}
              <LabelList dataKey="p" position="right" formatter={barLabel} className="bar-label" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="judge-table">
        <caption className="sr-only">{summary}</caption>
        <thead>
          <tr>
            <th scope="col">{t('judge.answer.option')}</th>
            <th scope="col">{t('judge.answer.probability')}</th>
          </tr>
        </thead>
        <tbody>
          {a.options.map((o) => (
            <tr key={o.name} className={o.name === a.choice ? 'chosen' : undefined}>
              <td title={o.description}>
                {o.name}
                {o.name === a.choice ? <strong> ✓ {t('judge.answer.chosen')}</strong> : null}
              </td>
              <td>{pct(o.probability)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Confidence value={a.confidence} />
    </>
  );
}

function ScoreChart({ a }: { a: Of<'score'> }) {
  const data = a.levels.map((l) => ({ label: l.label, p: l.probability }));
  const full = new Map(a.levels.map((l) => [l.label, `${l.label} · ${levelText(l)}`]));
  const n = a.levels.length;
  const summary = t('judge.answer.scoreSummary', {
    score: num2(a.score),
    low: a.base,
    high: n - 1 + a.base,
    list: a.levels.map((l) => `${l.label} ${levelText(l)} ${pct(l.probability)}`).join(', '),
  });
  const hasProbs = a.levels.some((l) => l.probability !== undefined);
  return (
    <>
      {hasProbs ? (
        <div className="judge-chart" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height={180}>
            <BarChart data={data} margin={{ left: 0, right: 16, top: 18, bottom: 8 }}>
              <XAxis
                dataKey="label"
                {...axisProps}
                interval={0}
                height={28}
                tick={(p: { x?: number | string; y?: number | string; payload?: { value: string } }) => (
                  <LevelTick {...p} full={full} />
                )}
              />
              <YAxis domain={[0, 1]} tickFormatter={pctTick} width={44} {...axisProps} />
              <Bar dataKey="p" isAnimationActive={false} className="bar-other">
                {data.map((d, i) => (
                  <Cell
                    key={d.label}
                    className={
                      a.position !== undefined && Math.round(a.position) === i ? 'bar-chosen' : 'bar-other'
                    }
                  />
                ))}
                <LabelList dataKey="p" position="top" formatter={barLabel} className="bar-label" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      {a.position !== undefined ? (
        <div
          className="judge-scale"
          role="img"
          aria-label={t('judge.answer.scoreOnScale', {
            score: num2(a.score),
            low: a.base,
            high: n - 1 + a.base,
          })}
        >
          <div className="judge-scale-track">
            <div
              className="judge-scale-marker"
              style={{ left: `${(Math.min(Math.max(a.position, 0), n - 1) / Math.max(1, n - 1)) * 100}%` }}
            />
          </div>
          <div className="judge-scale-ends small-note">
            <span>{a.base}</span>
            <strong>
              {t('judge.answer.score')} {num2(a.score)}
            </strong>
            <span>{n - 1 + a.base}</span>
          </div>
        </div>
      ) : null}
      <table className="judge-table">
        <caption className="sr-only">{summary}</caption>
        <thead>
          <tr>
            <th scope="col">{t('judge.answer.level')}</th>
            <th scope="col">{t('judge.answer.criterion')}</th>
            <th scope="col">{t('judge.answer.probability')}</th>
          </tr>
        </thead>
        <tbody>
          {a.levels.map((l) => (
            <tr key={l.label}>
              <td>{l.label}</td>
              <td>{levelText(l)}</td>
              <td>{pct(l.probability)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Confidence value={a.confidence} />
    </>
  );
}

function NoulChart({ a, threshold }: { a: Of<'noul'>; threshold: number }) {
  const summary = t('judge.answer.noulSummary', { value: pct(a.noul) });
  return (
    <>
      {a.noul === undefined ? null : (
        <div className="judge-chart" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height={70}>
            <BarChart
              data={[{ name: 'true', p: a.noul }]}
              layout="vertical"
              margin={{ left: 8, right: 48, top: 4, bottom: 4 }}
            >
              <XAxis type="number" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} {...axisProps} />
              <YAxis type="category" dataKey="name" hide />
              <ReferenceLine x={threshold} stroke="currentColor" strokeDasharray="3 3" />
              <Bar dataKey="p" isAnimationActive={false} className="bar-chosen">
                <LabelList dataKey="p" position="right" formatter={barLabel} className="bar-label" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <p className="small-note">
        {t('judge.answer.noulTrue')}: <strong>{pct(a.noul)}</strong> ({num2(a.noul)})
      </p>
      {a.noul === undefined ? null : (
        <p className="small-note">
          {t(noulVerdict(a.noul, threshold) ? 'judge.answer.readsTrue' : 'judge.answer.readsFalse', {
            threshold: threshold.toFixed(2),
          })}
        </p>
      )}
      <Confidence value={a.confidence} />
    </>
  );
}

/** A number exactly as the gateway sent it (no percent, no rounding): "—" when it sent none. */
const asSent = (v: number | undefined) => (v === undefined ? '—' : String(v));

/** The fields of an answer as received, for one that must not be drawn as if valid. */
function receivedRows(a: Of<'choice'> | Of<'score'> | Of<'noul'>): [string, string][] {
  const confidence: [string, string][] =
    a.confidence === undefined ? [] : [[t('judge.answer.confidence'), asSent(a.confidence)]];
  if (a.kind === 'noul') return [[t('judge.answer.noulTrue'), asSent(a.noul)], ...confidence];
  if (a.kind === 'choice') {
    return [
      [t('judge.answer.chosen'), a.choice ?? '—'],
      ...a.options.map((o): [string, string] => [
        `${t('judge.answer.probability')} · ${o.name}`,
        asSent(o.probability),
      ]),
      ...confidence,
    ];
  }
  return [
    [t('judge.answer.score'), asSent(a.score)],
    ...a.levels.map((l): [string, string] => [
      `${t('judge.answer.probability')} · ${l.label}`,
      asSent(l.probability),
    ]),
    ...confidence,
  ];
}

/** An answer that does not fit its question: what is wrong and the values as received, no bars. */
function FlaggedAnswer({
  a,
  problems,
}: {
  a: Of<'choice'> | Of<'score'> | Of<'noul'>;
  problems: AnswerProblem[];
}) {
  return (
    <div className="judge-flagged" role="note">
      <p>
        <strong>
          <span aria-hidden="true">⚠ </span>
          {t('judge.answer.flagged')}
        </strong>
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{problemWords(p)}</li>
        ))}
      </ul>
      <table className="judge-table">
        <caption>{t('judge.answer.asReceived')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('judge.answer.field')}</th>
            <th scope="col">{t('judge.answer.value')}</th>
          </tr>
        </thead>
        <tbody>
          {receivedRows(a).map(([k, v], i) => (
            <tr key={i}>
              <td>{k}</td>
              <td>
                <code>{v}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AnswerCard({
  answer,
  question,
  instructions,
  threshold = DEFAULT_THRESHOLD,
}: {
  answer: JudgeAnswer;
  /** The question asked: the answer is checked against it (a run stored before the check has no flags). */
  question?: Question;
  instructions?: string;
  /** A noul's threshold in force (the set's saved tuning), drawn on its bar and read as true/false. */
  threshold?: number;
}) {
  const problems = answerProblems(answer, question);
  const flagged =
    problems.length > 0 && answer.kind !== 'missing' && answer.kind !== 'unreadable' ? answer : undefined;
  return (
    <article className="card judge-answer" aria-label={t('judge.answer.for', { name: answer.name })}>
      <h4>
        {answer.name}{' '}
        {answer.kind !== 'missing' && answer.kind !== 'unreadable' ? (
          <span className="badge">{t(`judge.type.${answer.kind}`)}</span>
        ) : null}
      </h4>
      {instructions ? <p className="small-note muted">{instructions}</p> : null}
      {flagged ? <FlaggedAnswer a={flagged} problems={problems} /> : null}
      {answer.kind === 'choice' && !flagged ? <ChoiceChart a={answer} /> : null}
      {answer.kind === 'score' && !flagged ? <ScoreChart a={answer} /> : null}
      {answer.kind === 'noul' && !flagged ? <NoulChart a={answer} threshold={threshold} /> : null}
      {answer.kind === 'missing' ? <p className="muted">{t('judge.answer.missing')}</p> : null}
      {answer.kind === 'unreadable' ? (
        <p className="muted">
          {t('judge.answer.unreadable')} <code>{answer.raw}</code>
        </p>
      ) : null}
    </article>
  );
}
