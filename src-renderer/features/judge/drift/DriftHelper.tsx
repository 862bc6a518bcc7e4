import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError, call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';

/** The judge models the helper offers to run the set's cases on (spec §9: one pinned, two aliases). */
export const DRIFT_MODELS = ['judge-1.13.0', 'judge-latest', 'judge-preview'] as const;

/**
 * "Run the same cases on …": one button per model with no run of the set yet (a cancelled run
 * does not count), which creates and starts a batch run over the set's saved cases; models with
 * a run in progress show how far it got (the list is polled while one runs).
 */
export function DriftHelper({ setId, runs }: { setId: string; runs: BatchRunView[] }) {
  const qc = useQueryClient();
  const start = useMutation({
    mutationFn: async (model: (typeof DRIFT_MODELS)[number]) => {
      const run = await call('judge.batch.create', { setId, model });
      return call('judge.batch.start', { id: run.id });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['judge.batch.list'] }),
  });
  return (
    <section className="card drift-helper" aria-label={t('judge.drift.helper')}>
      <h4>{t('judge.drift.helper')}</h4>
      <div className="row">
        {DRIFT_MODELS.map((model) => {
          const run = runs.find((r) => r.model === model && r.state !== 'cancelled');
          if (!run)
            return (
              <button
                key={model}
                type="button"
                disabled={start.isPending}
                onClick={() => start.mutate(model)}
              >
                {t('judge.drift.runOn', { model })}
              </button>
            );
          return (
            <span key={model} className="badge" role="status">
              {run.state === 'done'
                ? t('judge.drift.modelDone', { model })
                : t('judge.drift.modelProgress', {
                    model,
                    state: t(`judge.agreement.state.${run.state}`),
                    done: run.done + run.failed,
                    total: run.totals.cases,
                  })}
            </span>
          );
        })}
      </div>
      {start.error ? <ErrorNotice error={asAppError(start.error)} onDismiss={() => start.reset()} /> : null}
    </section>
  );
}
