import { useRef, useState } from 'react';
import {
  VIDEO_IMAGES_MAX,
  VIDEO_RULES,
  type VideoReferenceImage,
} from '../../../src-shared/video/video-request';
import { t } from '../../i18n/i18n';

const MAX_IMAGE_MB = 10;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Reference images by address or picked from disk. A picked file is read here into a data:
 * URL, so the same code works in Electron and browser mode; main checks its size again.
 */
export function ReferenceImages(props: {
  images: VideoReferenceImage[];
  /** Receives a function of the latest list: picking is async and the form may change meanwhile. */
  update: (change: (images: VideoReferenceImage[]) => VideoReferenceImage[]) => void;
  /** The form's rule sentence for the images, when they break one. */
  problem?: string;
}) {
  const { images, update, problem } = props;
  const [imageUrl, setImageUrl] = useState('');
  const [pickError, setPickError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

  const addImages = async (files: FileList | null) => {
    setPickError(undefined);
    const added: VideoReferenceImage[] = [];
    for (const file of Array.from(files ?? [])) {
      if (file.size > MAX_IMAGE_MB * 1024 * 1024) {
        setPickError(t('video.imageTooBig', { name: file.name, mb: MAX_IMAGE_MB }));
        continue;
      }
      added.push({ url: await readAsDataUrl(file), name: file.name });
    }
    if (added.length) update((list) => [...list, ...added]);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <fieldset className="field video-images">
      <legend>{t('video.images')}</legend>
      <span className="muted small-note">{t('video.imagesHint', { max: VIDEO_IMAGES_MAX })}</span>
      {images.length > 0 ? (
        <ul className="video-image-list">
          {images.map((img, i) => {
            const name = img.name ?? img.url.slice(0, 60);
            return (
              <li key={`${i}-${name}`}>
                {/* Only picked files can be previewed: the window may not load remote images (CSP). */}
                {img.url.startsWith('data:') ? (
                  <img src={img.url} alt="" width={40} height={40} />
                ) : (
                  <span className="video-image-link" aria-hidden="true">
                    {t('video.urlBadge')}
                  </span>
                )}
                <span className="video-image-name" title={name}>
                  {name}
                </span>
                <button
                  type="button"
                  className="ghost small"
                  aria-label={t('video.removeImage', { name })}
                  onClick={() => update((list) => list.filter((_, j) => j !== i))}
                >
                  {t('video.removeImageMark')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="row">
        <input
          aria-label={t('video.imageUrl')}
          placeholder={t('video.imageUrlPlaceholder')}
          value={imageUrl}
          onChange={(e) => setImageUrl(e.target.value)}
          className="video-image-url"
        />
        <button
          type="button"
          disabled={!imageUrl.trim()}
          onClick={() => {
            const url = imageUrl.trim();
            update((list) => [...list, { url, name: url }]);
            setImageUrl('');
          }}
        >
          {t('video.addImageUrl')}
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          {t('video.pickImage')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label={t('video.pickImage')}
          onChange={(e) => void addImages(e.target.files)}
        />
      </div>
      {pickError ? <span className="field-error">{pickError}</span> : null}
      {problem ? (
        <span id="video-images-err" className="field-error">
          {problem === VIDEO_RULES.imageTooLarge
            ? t('video.rule.imageTooLarge')
            : t('video.rule.images', { max: VIDEO_IMAGES_MAX })}
        </span>
      ) : null}
    </fieldset>
  );
}
