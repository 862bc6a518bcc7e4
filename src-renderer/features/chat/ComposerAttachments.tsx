import './attachments.css';
import {
  DOWNSCALE_LONG_SIDE,
  IMAGE_DETAILS,
  type ImageDetail,
  isImageMime,
} from '../../../src-shared/chat/attachment-rules';
import { t } from '../../i18n/i18n';
import { type DraftFile, useAttachmentDraft } from './attachment-draft';

/**
 * The files on the composer as thumbnails and chips, removable before the message is sent.
 * Loaded with the first file (Composer.tsx): the first screen does not carry it.
 */
export default function ComposerAttachments() {
  const files = useAttachmentDraft((s) => s.files);
  if (files.length === 0) return null;
  // Text files alone need no image options; a file still being added may be an image.
  const images = files.some((f) => f.state === 'adding' || (f.ref && isImageMime(f.ref.mime)));
  return (
    <div className="composer-attachments">
      <ul className="attachment-chips" aria-label={t('chat.attachments')}>
        {files.map((f) => (
          <DraftChip key={f.key} file={f} />
        ))}
      </ul>
      {images ? <ImageOptions /> : null}
    </div>
  );
}

function DraftChip({ file }: { file: DraftFile }) {
  const remove = useAttachmentDraft((s) => s.remove);
  const image = file.ref && isImageMime(file.ref.mime) && file.url;
  return (
    <li className={`attachment-chip ${file.state}`}>
      {image ? <img src={file.url} alt="" className="attachment-thumb" /> : null}
      <span className="attachment-name" title={file.name}>
        {file.state === 'adding' ? t('chat.attachReading', { name: file.name }) : file.name}
      </span>
      {file.state === 'failed' ? (
        <span className="attachment-error" role="alert">
          {t('chat.attachFailed', { name: file.name, reason: file.error ?? '' })}
        </span>
      ) : null}
      <button
        type="button"
        className="ghost small attachment-remove"
        aria-label={t('chat.attachRemove', { name: file.name })}
        title={t('chat.attachRemove', { name: file.name })}
        onClick={() => remove(file.key)}
      >
        ×
      </button>
    </li>
  );
}

const DETAIL_LABEL = {
  auto: 'chat.attachDetailAuto',
  low: 'chat.attachDetailLow',
  high: 'chat.attachDetailHigh',
} as const;

/** The downscale named with its size, and the `detail` the images are sent with. */
function ImageOptions() {
  const downscale = useAttachmentDraft((s) => s.downscale);
  const detail = useAttachmentDraft((s) => s.detail);
  const setDownscale = useAttachmentDraft((s) => s.setDownscale);
  const setDetail = useAttachmentDraft((s) => s.setDetail);
  return (
    <div className="attachment-options">
      <label title={t('chat.attachDownscaleHint')}>
        <input type="checkbox" checked={downscale} onChange={(e) => setDownscale(e.target.checked)} />
        {t('chat.attachDownscale', { px: DOWNSCALE_LONG_SIDE })}
      </label>
      <label>
        {t('chat.attachDetail')}
        <select value={detail} onChange={(e) => setDetail(e.target.value as ImageDetail)}>
          {IMAGE_DETAILS.map((d) => (
            <option key={d} value={d}>
              {t(DETAIL_LABEL[d])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
