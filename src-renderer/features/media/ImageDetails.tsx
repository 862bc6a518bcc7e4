import type { ImageEntryView } from '../../../src-shared/media/media-history';
import { t } from '../../i18n/i18n';
import { formatTime } from './HistoryHeader';

/**
 * What was asked for one image: the request as the history keeps it. The gateway reports no
 * price for images, so there is no cost line; the time is when the generation was saved.
 */
export function ImageDetails({ entry, index }: { entry: ImageEntryView; index: number }) {
  const file = entry.files[index];
  const extra = entry.extra && Object.keys(entry.extra).length > 0 ? JSON.stringify(entry.extra) : undefined;
  return (
    <section className="media-viewer-details" aria-labelledby="image-details-title">
      <h3 id="image-details-title">{t('images.details')}</h3>
      <dl>
        <dt>{t('images.detail.prompt')}</dt>
        <dd className="media-viewer-prompt">{entry.prompt}</dd>
        {entry.revisedPrompt ? (
          <>
            <dt>{t('images.detail.revised')}</dt>
            <dd className="media-viewer-prompt">{entry.revisedPrompt}</dd>
          </>
        ) : null}
        <dt>{t('images.detail.model')}</dt>
        <dd>{entry.model}</dd>
        <dt>{t('images.detail.size')}</dt>
        <dd>{entry.params.size}</dd>
        {file?.width && file.height ? (
          <>
            <dt>{t('images.detail.pixels')}</dt>
            <dd>{t('images.pixels', { width: file.width, height: file.height })}</dd>
          </>
        ) : null}
        <dt>{t('images.detail.count')}</dt>
        <dd>{entry.params.n}</dd>
        <dt>{t('images.detail.format')}</dt>
        <dd>{t(`images.format.${entry.params.responseFormat}`)}</dd>
        {extra ? (
          <>
            <dt>{t('images.detail.extra')}</dt>
            <dd>
              <code>{extra}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('images.detail.time')}</dt>
        <dd>{formatTime(entry.createdAt)}</dd>
      </dl>
    </section>
  );
}
