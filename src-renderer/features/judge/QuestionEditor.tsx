import { IconButton } from '../../app/IconButton';
import { SelectField } from '../../app/SelectField';
import type { Question } from '../../../src-shared/judge/question-rules';
import { MAX_LEVELS, MIN_LEVELS, QUESTION_TYPES } from '../../../src-shared/judge/question-rules';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';

interface Props {
  /** Stable across reorders: element ids and React keys come from it, not from the position. */
  uid: string;
  index: number;
  count: number;
  question: Question;
  /** Problems of this question, keyed by path relative to it (".name", ".options[0].name"…). */
  issue: (path: string) => string | undefined;
}

/**
 * Tied to its field by aria-describedby (and aria-invalid on the field), not a live region, so a
 * screen reader reads it with the field instead of announcing every keystroke.
 */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="field-error">
      {message}
    </span>
  ) : null;
}

export function QuestionEditor({ uid, index, count, question: q, issue }: Props) {
  const { updateQuestion, moveQuestion, duplicateQuestion, deleteQuestion } = useJudge.getState();
  const set = (patch: Partial<Question>) => updateQuestion(index, { ...q, ...patch });
  const id = `jq-${uid}`;
  const label = q.name || t('judge.question.unnamed', { n: index + 1 });
  const err = (path: string) => issue(path);
  const invalid = (path: string) =>
    err(path) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}${path}-err` } : {};

  return (
    <fieldset className="card judge-question" aria-label={t('judge.question.group', { name: label })}>
      <div className="row judge-question-head">
        <span className="badge">{t(`judge.type.${q.type}`)}</span>
        <strong className="judge-question-title">{label}</strong>
        <span className="row judge-question-actions">
          <IconButton
            glyph="↑"
            disabled={index === 0}
            onClick={() => moveQuestion(index, -1)}
            label={t('judge.question.moveUp', { name: label })}
          />
          <IconButton
            glyph="↓"
            disabled={index === count - 1}
            onClick={() => moveQuestion(index, 1)}
            label={t('judge.question.moveDown', { name: label })}
          />
          <button
            type="button"
            className="ghost small"
            onClick={() => duplicateQuestion(index)}
            aria-label={t('judge.question.duplicate', { name: label })}
          >
            {t('judge.duplicate')}
          </button>
          <IconButton
            glyph="×"
            className="ghost small danger"
            onClick={() => deleteQuestion(index)}
            label={t('judge.question.delete', { name: label })}
          />
        </span>
      </div>
      <div className="judge-question-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('judge.question.name')}</label>
          <input
            id={`${id}-name`}
            value={q.name}
            spellCheck={false}
            onChange={(e) => set({ name: e.target.value })}
            {...invalid('.name')}
          />
          <FieldError id={`${id}.name-err`} message={err('.name')} />
        </div>
        <SelectField
          id={`${id}-type`}
          label={t('judge.question.type')}
          value={q.type}
          options={QUESTION_TYPES}
          optionLabel={(type) => t(`judge.type.${type}`)}
          onChange={(type) => set({ type })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-instr`}>
          {q.type === 'noul' ? t('judge.question.statement') : t('judge.question.instructions')}
        </label>
        <textarea
          id={`${id}-instr`}
          rows={2}
          value={q.instructions}
          onChange={(e) => set({ instructions: e.target.value })}
          {...invalid('.instructions')}
        />
        <FieldError id={`${id}.instructions-err`} message={err('.instructions')} />
      </div>

      {q.type === 'choice' ? (
        <div
          className="judge-sublist"
          role="group"
          aria-label={t('judge.options.group', { name: label })}
          aria-describedby={err('.options') ? `${id}.options-err` : undefined}
        >
          <div className="small-note muted">{t('judge.options.title')}</div>
          {q.options.map((o, i) => {
            const optLabel = o.name || t('judge.options.unnamed', { n: i + 1 });
            return (
              <div className="judge-subrow" key={i}>
                <div className="field">
                  <input
                    aria-label={t('judge.options.name', { n: i + 1, question: label })}
                    placeholder={t('judge.options.namePlaceholder')}
                    value={o.name}
                    onChange={(e) =>
                      set({
                        options: q.options.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                      })
                    }
                    {...invalid(`.options[${i}].name`)}
                  />
                  <FieldError id={`${id}.options[${i}].name-err`} message={err(`.options[${i}].name`)} />
                </div>
                <div className="field grow">
                  <input
                    aria-label={t('judge.options.description', { n: i + 1, question: label })}
                    placeholder={t('judge.options.descriptionPlaceholder')}
                    value={o.description}
                    onChange={(e) =>
                      set({
                        options: q.options.map((x, j) =>
                          j === i ? { ...x, description: e.target.value } : x,
                        ),
                      })
                    }
                    {...invalid(`.options[${i}].description`)}
                  />
                  <FieldError
                    id={`${id}.options[${i}].description-err`}
                    message={err(`.options[${i}].description`)}
                  />
                </div>
                <IconButton
                  glyph="×"
                  label={t('judge.options.remove', { name: optLabel, question: label })}
                  onClick={() => set({ options: q.options.filter((_, j) => j !== i) })}
                />
              </div>
            );
          })}
          <FieldError id={`${id}.options-err`} message={err('.options')} />
          <button
            type="button"
            className="ghost small"
            onClick={() => set({ options: [...q.options, { name: '', description: '' }] })}
            aria-label={t('judge.options.add', { question: label })}
          >
            + {t('judge.options.addShort')}
          </button>
        </div>
      ) : null}

      {q.type === 'score' ? (
        <div
          className="judge-sublist"
          role="group"
          aria-label={t('judge.levels.group', { name: label })}
          aria-describedby={err('.levels') ? `${id}.levels-err` : undefined}
        >
          <div className="small-note muted">
            {t('judge.levels.title', { min: MIN_LEVELS, max: MAX_LEVELS })}
          </div>
          {q.levels.map((l, i) => (
            <div className="judge-subrow" key={i}>
              <span className="badge" aria-hidden="true">
                {i}
              </span>
              <div className="field grow">
                <input
                  aria-label={t('judge.levels.description', { n: i, question: label })}
                  placeholder={t('judge.levels.placeholder')}
                  value={l}
                  onChange={(e) => set({ levels: q.levels.map((x, j) => (j === i ? e.target.value : x)) })}
                  {...invalid(`.levels[${i}]`)}
                />
                <FieldError id={`${id}.levels[${i}]-err`} message={err(`.levels[${i}]`)} />
              </div>
              <IconButton
                glyph="×"
                label={t('judge.levels.remove', { n: i, question: label })}
                onClick={() => set({ levels: q.levels.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <FieldError id={`${id}.levels-err`} message={err('.levels')} />
          <button
            type="button"
            className="ghost small"
            disabled={q.levels.length >= MAX_LEVELS}
            onClick={() => set({ levels: [...q.levels, ''] })}
            aria-label={t('judge.levels.add', { question: label })}
          >
            + {t('judge.levels.addShort')}
          </button>
        </div>
      ) : null}
      {q.type === 'noul' ? <p className="small-note muted">{t('judge.noul.help')}</p> : null}
    </fieldset>
  );
}
