import { useState } from 'react';
import type { AppError } from '../../../src-shared/result';
import { OutcomeNote } from '../../app/ErrorNotice';
import { FilePicker } from '../../app/FilePicker';
import { t } from '../../i18n/i18n';
import { useEvalActions } from './use-eval-actions';

/** No eval open: what an eval is, and the two ways to start one. */
export function EvalsEmpty() {
  const [message, setMessage] = useState<string | AppError>();
  const { create, importFile } = useEvalActions(setMessage);
  return (
    <section className="evals-empty" aria-labelledby="evals-empty-title">
      <h2 id="evals-empty-title">{t('evals.empty.title')}</h2>
      <p>{t('evals.empty.what')}</p>
      <ol className="evals-empty-steps">
        <li>{t('evals.empty.step.dataset')}</li>
        <li>{t('evals.empty.step.prompts')}</li>
        <li>{t('evals.empty.step.grader')}</li>
      </ol>
      <div className="row evals-empty-actions">
        <button type="button" className="primary" onClick={create}>
          + {t('evals.new')}
        </button>
        <FilePicker
          id="evals-empty-import"
          button={t('evals.import.label')}
          accept="application/json,.json"
          onFiles={(files) => void importFile(files[0])}
        />
      </div>
      <p className="small-note muted">{t('evals.empty.sample')}</p>
      <OutcomeNote message={message} onDismiss={() => setMessage(undefined)} />
    </section>
  );
}
