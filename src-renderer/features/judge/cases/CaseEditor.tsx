import { useEffect, useRef, useState } from 'react';
import { StateModeRadios } from '../StateModeRadios';
import type { ExpectedAnswers } from '../../../../src-shared/judge/case-answers';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { parseState, type StateInput } from '../../../../src-shared/judge/state-input';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { IconButton } from '../../../app/IconButton';
import { asAppError, call } from '../../../bridge/api';
import { formatNumber, t } from '../../../i18n/i18n';
import { stateProblem } from '../StatePanel';
import { stateInputOf } from './case-cells';

export type EditorTarget = { kind: 'new' } | { kind: 'edit'; index: number; c: JudgeCase };

/**
 * Field problems of a failed save by the field the form shows them at (`state`, `expected.tone`,
 * `note`); `rest` says some problem has no field here (it is shown as the error instead).
 */
function fieldIssues(err: AppError, questions: Question[]) {
  const fields: Record<string, string> = {};
  let rest = false;
  for (const i of err.details?.issues ?? []) {
    // zod names the state's parts (`state.text`); the form has one state field.
    const path = i.path === 'state' || i.path.startsWith('state.') ? 'state' : i.path;
    const shown = path === 'state' || path === 'note' || questions.some((q) => path === `expected.${q.name}`);
    if (shown) fields[path] ??= i.message;
    else rest = true;
  }
  return { fields, rest };
}

/** A select's value for an expected answer: '' is none, else the index or true/false as text. */
const answerValue = (v: number | boolean | undefined) => (v === undefined ? '' : String(v));
function readAnswer(q: Question, value: string): number | boolean | undefined {
  if (value === '') return undefined;
  if (q.type === 'noul') return value === 'true';
  return Number(value);
}

/**
 * The form of one case, beside the grid: its state (text, JSON or list), the expected answer of
 * each question (sent by index, or true/false for a noul, as judge.cases.add/edit take them) and
 * its note. A failed save keeps everything typed and puts main's words at the field they name.
 */
export function CaseEditor(p: {
  setId: string;
  questions: Question[];
  target: EditorTarget;
  onClose: () => void;
  onSaved: (saved: JudgeCase, isNew: boolean) => void;
  onDuplicate: (c: JudgeCase) => void;
  onDelete: (c: JudgeCase, index: number) => void;
}) {
  const editing = p.target.kind === 'edit' ? p.target.c : undefined;
  const [state, setState] = useState<StateInput>(() =>
    editing ? stateInputOf(editing.state) : { mode: 'text', text: '' },
  );
  const [expected, setExpected] = useState<ExpectedAnswers>(() => ({ ...(editing?.expected ?? {}) }));
  const [note, setNote] = useState(editing?.note ?? '');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<AppError>();
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), []);

  const title =
    p.target.kind === 'edit'
      ? t('cases.editor.edit', { n: formatNumber(p.target.index + 1) })
      : t('cases.editor.new');

  const save = async () => {
    const parsed = parseState(state);
    if (!parsed.ok) {
      setIssues({ state: stateProblem(parsed) });
      return;
    }
    // Answers to questions the set no longer has are dropped: main would refuse them.
    const known = Object.fromEntries(
      Object.entries(expected).filter(([k]) => p.questions.some((q) => q.name === k)),
    );
    setSaving(true);
    setIssues({});
    setError(undefined);
    try {
      const fields = { state, expected: known, note };
      const saved = editing
        ? await call('judge.cases.edit', { id: editing.id, ...fields })
        : await call('judge.cases.add', { setId: p.setId, ...fields });
      p.onSaved(saved, !editing);
    } catch (err) {
      const e = asAppError(err);
      const { fields, rest } = fieldIssues(e, p.questions);
      setIssues(fields);
      if (rest || Object.keys(fields).length === 0) setError(e);
    } finally {
      setSaving(false);
    }
  };

  const issue = (path: string, id: string) =>
    issues[path] ? (
      <span id={id} className="field-error">
        {issues[path]}
      </span>
    ) : null;

  return (
    <aside
      className="cases-editor"
      role="dialog"
      aria-label={title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          p.onClose();
        }
      }}
    >
      <div className="row cases-editor-head">
        <h3 className="grow">{title}</h3>
        <IconButton label={t('cases.editor.close')} glyph="×" onClick={p.onClose} />
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <StateModeRadios
          name="case-state-mode"
          mode={state.mode}
          onChange={(mode) => setState({ ...state, mode })}
        />
        <div className="field">
          <label htmlFor="case-state">{t('judge.state.label')}</label>
          <textarea
            id="case-state"
            ref={first}
            rows={8}
            className={state.mode === 'text' ? undefined : 'mono'}
            placeholder={t(`judge.state.placeholder.${state.mode}`)}
            value={state.text}
            onChange={(e) => setState({ ...state, text: e.target.value })}
            aria-invalid={issues.state ? true : undefined}
            aria-describedby={issues.state ? 'case-state-error' : undefined}
          />
          {issue('state', 'case-state-error')}
        </div>
        <fieldset className="cases-expected">
          <legend>{t('cases.editor.expected')}</legend>
          {p.questions.map((q) => {
            const path = `expected.${q.name}`;
            const id = `case-expected-${q.name}`;
            return (
              <div className="field" key={q.name}>
                <label htmlFor={id} title={q.instructions}>
                  {q.name}
                </label>
                <select
                  id={id}
                  value={answerValue(expected[q.name])}
                  aria-invalid={issues[path] ? true : undefined}
                  aria-describedby={issues[path] ? `${id}-error` : undefined}
                  onChange={(e) => {
                    const value = readAnswer(q, e.target.value);
                    setExpected((old) => {
                      const next = { ...old };
                      if (value === undefined) delete next[q.name];
                      else next[q.name] = value;
                      return next;
                    });
                  }}
                >
                  <option value="">{t('cases.editor.none')}</option>
                  {q.type === 'noul' ? (
                    <>
                      <option value="true">{t('cases.noul.true')}</option>
                      <option value="false">{t('cases.noul.false')}</option>
                    </>
                  ) : q.type === 'choice' ? (
                    q.options.map((o, i) => (
                      <option key={i} value={i}>
                        {o.name}
                      </option>
                    ))
                  ) : (
                    q.levels.map((l, i) => (
                      <option key={i} value={i}>
                        {`${i + 1} · ${l}`}
                      </option>
                    ))
                  )}
                </select>
                {issue(path, `${id}-error`)}
              </div>
            );
          })}
        </fieldset>
        <div className="field">
          <label htmlFor="case-note">{t('cases.editor.note')}</label>
          <textarea
            id="case-note"
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={issues.note ? true : undefined}
            aria-describedby={issues.note ? 'case-note-error' : undefined}
          />
          {issue('note', 'case-note-error')}
        </div>
        {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
        <div className="row">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('cases.editor.saving') : t('cases.editor.save')}
          </button>
          {p.target.kind === 'edit' ? (
            <>
              <button type="button" onClick={() => editing && p.onDuplicate(editing)}>
                {t('cases.duplicate')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => p.target.kind === 'edit' && p.onDelete(p.target.c, p.target.index)}
              >
                {t('common.delete')}
              </button>
            </>
          ) : null}
          <button type="button" className="ghost" onClick={p.onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </aside>
  );
}
