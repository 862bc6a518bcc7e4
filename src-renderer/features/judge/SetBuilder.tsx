import { issuesByPath, validateQuestionSet } from '../../../src-main/core/judge/question-rules';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';
import { QuestionEditor } from './QuestionEditor';
import { useJudgeActions } from './use-judge-actions';

/** "is required" on a field the user has not reached yet is noise; it shows after a save or run attempt. */
const isBlankRule = (m: string) => m.startsWith('is required');

export function SetBuilder() {
  const draft = useJudge((s) => s.draft);
  const dirty = useJudge((s) => s.dirty);
  const setId = useJudge((s) => s.setId);
  const saving = useJudge((s) => s.saving);
  const showAll = useJudge((s) => s.showAllIssues);
  const { setName, addQuestion } = useJudge.getState();
  const { save } = useJudgeActions();
  const issues = issuesByPath(validateQuestionSet(draft));
  const issue = (path: string) => {
    const m = issues.get(path);
    return m && (showAll || !isBlankRule(m)) ? m : undefined;
  };
  const count = issues.size;

  return (
    <section className="judge-builder" aria-label={t('judge.builder')}>
      <div className="row judge-set-head">
        <div className="field grow">
          <label htmlFor="judge-set-name">{t('judge.setName')}</label>
          <input
            id="judge-set-name"
            value={draft.name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={issue('name') ? true : undefined}
          />
          {issue('name') ? <span className="field-error">{issue('name')}</span> : null}
        </div>
        <button type="button" className="primary" onClick={() => void save()} disabled={saving}>
          {saving ? t('judge.saving') : t('judge.saveSet')}
        </button>
      </div>
      <p className="small-note muted" role="status">
        {setId ? (dirty ? t('judge.unsaved') : t('judge.saved')) : t('judge.notSavedYet')}
        {showAll && count > 0 ? ` · ${t('judge.problems', { count })}` : ''}
      </p>
      {issue('questions') ? <p className="field-error">{issue('questions')}</p> : null}
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={i}
          index={i}
          count={draft.questions.length}
          question={q}
          issue={(p) => issue(`questions[${i}]${p}`)}
        />
      ))}
      <div className="row">
        <span className="muted small-note">{t('judge.addQuestion')}</span>
        <button type="button" className="ghost" onClick={() => addQuestion('choice')}>
          + {t('judge.type.choice')}
        </button>
        <button type="button" className="ghost" onClick={() => addQuestion('score')}>
          + {t('judge.type.score')}
        </button>
        <button type="button" className="ghost" onClick={() => addQuestion('noul')}>
          + {t('judge.type.noul')}
        </button>
      </div>
    </section>
  );
}
