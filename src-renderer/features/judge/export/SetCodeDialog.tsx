import { useId, useMemo, useRef, useState } from 'react';
import { CodePanelHead } from '../../../app/CodePanelHead';
import { useModalDialog } from '../../../app/use-modal-dialog';
import { CopyButton } from '../../../app/CopyButton';
import { JUDGE_MODELS, type JudgeModel } from '../../../../src-shared/judge/judge-estimate';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import {
  DEFAULT_PINNED_MODEL,
  SET_CODE_LANGUAGES,
  type SetCodeLanguage,
  setCode,
  thresholdsOf,
} from '../../../../src-shared/request/judge-set-code';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { SelectField } from '../../../app/SelectField';
import { nextTabIndex } from '../../../app/tab-keys';
import { codeKeyNote } from '../../../app/code-key-note';
import { SANDBOX_NOT_RUNNING, useCodeProfile } from '../../../app/use-code-profile';
import { asAppError } from '../../../bridge/api';
import { useRoute } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import './set-code.css';

/**
 * The set's latest questions and tuned thresholds as code that calls the judge with a pinned
 * model and reads each noul answer at its threshold (src-shared/request/judge-set-code.ts).
 */
export function SetCodePanel({ setId, onClose }: { setId: string; onClose: () => void }) {
  const [language, setLanguage] = useState<SetCodeLanguage>('typescript');
  const [model, setModel] = useState<JudgeModel>(DEFAULT_PINNED_MODEL as JudgeModel);
  const tabIds = useId();
  const set = useRoute('judge.sets.get', { id: setId });
  const profile = useCodeProfile();
  const latest = set.data && latestRevision(set.data);
  const code = useMemo(
    () =>
      set.data && latest
        ? setCode(
            {
              setName: set.data.name,
              questions: latest.questions,
              tuning: latest.tuning,
              model,
              ...profile,
            },
            language,
          )
        : '',
    [set.data, latest, model, profile, language],
  );
  const thresholds = latest ? Object.entries(thresholdsOf(latest.questions, latest.tuning)) : [];
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const pick = (l: SetCodeLanguage) => {
    setLanguage(l);
  };

  return (
    <div className="view-code-panel">
      <CodePanelHead title={t('setCode.title', { name: set.data?.name ?? '' })} onClose={onClose} />
      {set.error ? <ErrorNotice error={asAppError(set.error)} /> : null}
      {set.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {latest && latest.questions.length === 0 ? <p className="muted">{t('setCode.empty')}</p> : null}
      {latest && latest.questions.length > 0 ? (
        <>
          <div className="row set-code-controls">
            <div role="tablist" aria-label={t('setCode.languages')} className="row">
              {SET_CODE_LANGUAGES.map((l, i) => (
                <button
                  key={l}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  id={`${tabIds}-${l}`}
                  type="button"
                  role="tab"
                  aria-selected={language === l}
                  tabIndex={language === l ? 0 : -1}
                  className={language === l ? 'small pressed' : 'small ghost'}
                  onClick={() => pick(l)}
                  onKeyDown={(e) => {
                    const next = nextTabIndex(e.key, i, SET_CODE_LANGUAGES.length);
                    if (next < 0) return;
                    e.preventDefault();
                    pick(SET_CODE_LANGUAGES[next]);
                    tabs.current[next]?.focus();
                  }}
                >
                  {t(`setCode.lang.${l}`)}
                </button>
              ))}
            </div>
            <SelectField
              id={`${tabIds}-model`}
              className="set-code-model"
              label={t('setCode.model')}
              value={model}
              options={JUDGE_MODELS}
              onChange={(m) => {
                setModel(m);
              }}
            />
            <span className="grow" />
            <CopyButton text={code} label={t('code.copy')} />
          </div>
          {model !== DEFAULT_PINNED_MODEL ? (
            <p className="small-note warn-text">
              {t('setCode.aliasWarning', { model, pinned: DEFAULT_PINNED_MODEL })}
            </p>
          ) : null}
          <p className="muted small-note">
            {thresholds.length === 0
              ? t('setCode.noNoul')
              : latest.tuning && Object.keys(latest.tuning.thresholds).length > 0
                ? t('setCode.thresholds', { list: thresholds.map(([n, v]) => `${n} ${v}`).join(', ') })
                : t('setCode.untuned')}
          </p>
          <pre
            className="view-code-text"
            role="tabpanel"
            aria-labelledby={`${tabIds}-${language}`}
            tabIndex={0}
          >
            <code>{code}</code>
          </pre>
          <p className="muted small-note">
            {codeKeyNote(profile)} {t(`setCode.needs.${language}`)}
          </p>
          {profile.host === SANDBOX_NOT_RUNNING ? (
            <p className="small-note warn-text">{t('code.sandboxNotRunning')}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The panel in a modal dialog; the caller owns the button that opens it. */
export function SetCodeDialog({
  setId,
  open,
  onClose,
}: {
  setId: string;
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  return (
    <dialog
      ref={dialog}
      className="view-code"
      aria-label={t('setCode.dialog')}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (e.target === dialog.current) onClose();
      }}
    >
      {open ? <SetCodePanel setId={setId} onClose={onClose} /> : null}
    </dialog>
  );
}

/** An opening button with its dialog, for a toolbar. */
export function SetCodeButton({ setId }: { setId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="small" onClick={() => setOpen(true)}>
        {t('setCode.open')}
      </button>
      <SetCodeDialog setId={setId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
