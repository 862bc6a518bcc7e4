import { useMemo, useState } from 'react';
import { issuesByPath, validateQuestionSet } from '../../../src-shared/judge/question-rules';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';
import { QuestionEditor } from './QuestionEditor';
import { RevisionList } from './RevisionView';
import { isBlankRule, ruleText } from './rule-text';
import { useJudgeActions } from './use-judge-actions';

export function SetBuilder() {
  const draft = useJudge((s) => s.draft);
  const dirty = useJudge((s) => s.dirty);
  const setId = useJudge((s) => s.setId);
  const saving = useJudge((s) => s.saving);
  const showAll = useJudge((s) => s.showAllIssues);
  const keys = useJudge((s) => s.draftKeys);
  const error = useJudge((s) => s.error);
  const { setName, addQuestion } = useJudge.getState();
  const { save } = useJudgeActions();
  const [showRevisions, setShowRevisions] = useState(false);
  const issues = useMemo(() => issuesByPath(validateQuestionSet(draft)), [draft]);
  const issue = (path: string) => {
    const i = issues.get(path);
    return i && (showAll || !isBlankRule(i)) ? ruleText(i) : undefined;
  };
  const count = issues.size;
  // Main's own refusal of the name (it must be unique among saved sets), shown at the field.
  const serverNameIssue = error?.details?.issues?.find((i) => i.path === 'set.name')?.message;
  const nameError =
    issue('name') ?? (serverNameIssue ? `${t('judge.setName')} ${serverNameIssue}` : undefined);

  return (
    <section className="judge-builder" aria-label={t('judge.builder')}>
      <div className="row judge-set-head">
        <div className="field grow">
          <label htmlFor="judge-set-name">{t('judge.setName')}</label>
          <input
            id="judge-set-name"
            value={draft.name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'judge-set-name-err' : undefined}
          />
          {nameError ? (
            <span id="judge-set-name-err" className="field-error">
              {nameError}
            </span>
          ) : null}
        </div>
        <button type="button" className="primary" onClick={() => void save()} disabled={saving}>
          {saving ? t('judge.saving') : t('judge.saveSet')}
        </button>
      </div>
      <div className="row judge-status">
        <p className="small-note muted" role="status">
          {setId ? (dirty ? t('judge.unsaved') : t('judge.saved')) : t('judge.notSavedYet')}
          {showAll && count > 0 ? ` · ${t('judge.problems', { count })}` : ''}
        </p>
        {setId ? (
          <button
            type="button"
            className="ghost small"
            aria-expanded={showRevisions}
            onClick={() => setShowRevisions((v) => !v)}
          >
            {t('judge.revisions.toggle')}
          </button>
        ) : null}
      </div>
      {setId && showRevisions ? <RevisionList setId={setId} /> : null}
      {issue('questions') ? <p className="field-error">{issue('questions')}</p> : null}
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={keys[i] ?? i}
          uid={keys[i] ?? `i${i}`}
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
