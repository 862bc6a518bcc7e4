import type {
  CaseImportPreview,
  CaseImportProblem,
  CaseMapping,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { formatNumber, t } from '../../../i18n/i18n';
import { expectedText, stateSummary } from './case-cells';
import { columnOfQuestion, placeLabel, withQuestionColumn } from './import-mapping';

/** One select of the mapping: a column of the file, or none where the field may be left out. */
export function ColumnSelect(p: {
  id: string;
  label: string;
  value: string;
  columns: string[];
  optional: boolean;
  disabled: boolean;
  onChange: (column: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <select id={p.id} value={p.value} disabled={p.disabled} onChange={(e) => p.onChange(e.target.value)}>
        {p.optional ? <option value="">{t('cases.import.map.none')}</option> : null}
        {p.columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which column of the file is the state, its type, each question's expected answer and the note. */
export function MappingEditor(p: {
  preview: CaseImportPreview;
  mapping: CaseMapping;
  questions: Question[];
  disabled: boolean;
  onChange: (mapping: CaseMapping) => void;
}) {
  const { columns } = p.preview;
  const order = p.questions.map((q) => q.name);
  const common = { columns, disabled: p.disabled };
  return (
    <fieldset className="cases-mapping">
      <legend>{t('cases.import.mapping')}</legend>
      <ColumnSelect
        {...common}
        id="case-map-state"
        label={t('cases.import.map.state')}
        value={p.mapping.state}
        optional={false}
        onChange={(state) => p.onChange({ ...p.mapping, state })}
      />
      <ColumnSelect
        {...common}
        id="case-map-state-type"
        label={t('cases.import.map.stateType')}
        value={p.mapping.stateType ?? ''}
        optional
        onChange={(c) => p.onChange({ ...p.mapping, stateType: c || null })}
      />
      {p.questions.map((q) => (
        <ColumnSelect
          {...common}
          key={q.name}
          id={`case-map-q-${q.name}`}
          label={t('cases.import.map.question', { name: q.name })}
          value={columnOfQuestion(p.mapping, q.name)}
          optional
          onChange={(c) => p.onChange(withQuestionColumn(p.mapping, order, q.name, c))}
        />
      ))}
      <ColumnSelect
        {...common}
        id="case-map-note"
        label={t('cases.import.map.note')}
        value={p.mapping.note ?? ''}
        optional
        onChange={(c) => p.onChange({ ...p.mapping, note: c || null })}
      />
    </fieldset>
  );
}

/** The first rows as they would be saved, in the grid's words. */
export function PreviewRows({ preview, questions }: { preview: CaseImportPreview; questions: Question[] }) {
  if (preview.rows.length === 0) return null;
  return (
    <section aria-label={t('cases.import.rows')}>
      <h4>{t('cases.import.rows')}</h4>
      {/* Focusable, so the rows can be scrolled sideways from the keyboard. */}
      <div className="cases-preview-scroll" tabIndex={0} role="group" aria-label={t('cases.import.rows')}>
        <table className="cases-preview">
          <thead>
            <tr>
              <th scope="col">{t('cases.import.col.place')}</th>
              <th scope="col">{t('cases.col.state')}</th>
              {questions.map((q) => (
                <th scope="col" key={q.name}>
                  {q.name}
                </th>
              ))}
              <th scope="col">{t('cases.col.note')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r, i) => (
              <tr key={i}>
                <td className="muted">{placeLabel(r)}</td>
                <td className="cases-state">{stateSummary(r.draft.state)}</td>
                {questions.map((q) => (
                  <td key={q.name}>{expectedText(q, r.draft.expected[q.name])}</td>
                ))}
                <td className="muted">{r.draft.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Every problem at its line (or item), the first PROBLEMS_LISTED of them. */
export function PreviewProblems({
  preview,
}: {
  preview: { problems: CaseImportProblem[]; problemCount: number };
}) {
  if (preview.problemCount === 0) return null;
  return (
    <section aria-label={t('cases.import.problems', { n: formatNumber(preview.problemCount) })}>
      <h4 className="field-error">{t('cases.import.problems', { n: formatNumber(preview.problemCount) })}</h4>
      {preview.problems.length < preview.problemCount ? (
        <p className="small-note muted">
          {t('cases.import.problemsMore', {
            shown: formatNumber(preview.problems.length),
            n: formatNumber(preview.problemCount),
          })}
        </p>
      ) : null}
      <ul className="cases-problems">
        {preview.problems.map((x, i) => (
          <li key={i}>
            <strong>{placeLabel(x)}</strong>, {x.field}: {x.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
