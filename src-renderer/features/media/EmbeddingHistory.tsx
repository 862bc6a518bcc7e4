import { EMBEDDING_PREVIEW_VALUES, EMBEDDING_TEXT_KEPT } from '../../../src-shared/media/embedding-entry';
import type { EmbeddingEntryView } from '../../../src-shared/media/embedding-entry';
import { t } from '../../i18n/i18n';
import { DeleteEntryButton } from './DeleteEntryButton';
import { dimensionsOf } from './EmbeddingResult';
import { formatTime, HistoryHeader } from './HistoryHeader';

/** What names a run in the list: its first inputs, joined. */
export const runName = (run: EmbeddingEntryView) =>
  run.inputs
    .slice(0, 3)
    .map((i) => i.text)
    .join(' · ');

/** Past runs, newest first; Open shows one in place of the current result. */
export function EmbeddingHistory(props: {
  entries: EmbeddingEntryView[];
  shownId?: string;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  return (
    <>
      <HistoryHeader
        kind="embedding"
        count={props.entries.length}
        onCleared={() => props.entries.forEach((e) => props.onDeleted(e.id))}
      />
      {props.entries.length === 0 ? (
        <p className="muted media-empty">
          {t('embeddings.historyEmpty', { max: EMBEDDING_TEXT_KEPT, n: EMBEDDING_PREVIEW_VALUES })}
        </p>
      ) : null}
      <ul className="speech-history" aria-label={t('embeddings.historyList')}>
        {props.entries.map((run) => {
          const name = runName(run);
          const shown = run.id === props.shownId;
          return (
            <li
              key={run.id}
              className={shown ? 'speech-row embedding-row active' : 'speech-row embedding-row'}
              aria-current={shown ? 'true' : undefined}
            >
              <button
                type="button"
                className="small"
                aria-label={t('embeddings.openNamed', { time: formatTime(run.createdAt), name })}
                onClick={() => props.onOpen(run.id)}
              >
                {t('embeddings.open')}
              </button>
              <span className="embedding-row-main">
                <span className="speech-row-text" title={name}>
                  {name}
                </span>
                <span className="muted small-note">
                  {t('embeddings.historyMeta', {
                    time: formatTime(run.createdAt),
                    model: run.model,
                    count: run.inputs.length,
                    dims: dimensionsOf(run),
                  })}
                </span>
              </span>
              <DeleteEntryButton id={run.id} name={name} onDeleted={() => props.onDeleted(run.id)} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
