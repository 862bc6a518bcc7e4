import { SidePanel } from '../../app/SidePanel';
import { useRoute } from '../../hooks/use-route';
import { formatDateTime, formatNumber, t } from '../../i18n/i18n';
import { useJudge } from './judge-store';

export function RunHistory() {
  const setId = useJudge((s) => s.setId);
  const compare = useJudge((s) => s.compare);
  const toggle = useJudge((s) => s.toggleCompare);
  const runs = useRoute('judge.runs.list', { setId: setId ?? 'none' }, { enabled: !!setId });
  return (
    <SidePanel
      id="judgeHistory"
      side="end"
      className="sidebar judge-history"
      label={t('judge.history.title')}
    >
      {!setId || (runs.data && runs.data.length === 0) ? (
        <p className="muted small-note">{t('judge.history.empty')}</p>
      ) : null}
      {runs.data && runs.data.length > 0 ? (
        <p className="muted small-note">{t('judge.history.compareHint')}</p>
      ) : null}
      <ul className="conv-list">
        {runs.data?.map((r) => {
          const checked = compare.some((c) => c.run.id === r.id);
          const when = formatDateTime(r.createdAt);
          return (
            <li key={r.id} className="judge-history-row">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => void toggle(r.id)}
                  aria-label={t('judge.history.open', { time: when })}
                />
                <span>
                  <span className="small-note">{when}</span>
                  <br />
                  <span className="small-note muted">
                    {t('judge.history.meta', {
                      model: r.modelAnswered ?? r.modelAsked,
                      revision: r.setRevision,
                      tokens: (r.inputTokens === undefined ? undefined : formatNumber(r.inputTokens)) ?? '—',
                    })}
                  </span>
                  <br />
                  <span className="small-note judge-history-state">{r.statePreview}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </SidePanel>
  );
}
