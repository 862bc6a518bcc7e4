import { useRef } from 'react';
import { nextTabIndex } from '../../app/tab-keys';
import { t } from '../../i18n/i18n';
import { EmbeddingsPanel } from './EmbeddingsPanel';
import { ImagesPanel } from './ImagesPanel';
import './media.css';
import { type MediaSection, useMedia } from './media-store';
import { SpeechPanel } from './SpeechPanel';

const SECTIONS: {
  id: MediaSection;
  label: 'media.section.images' | 'media.section.speech' | 'media.section.embeddings';
}[] = [
  { id: 'images', label: 'media.section.images' },
  { id: 'speech', label: 'media.section.speech' },
  { id: 'embeddings', label: 'media.section.embeddings' },
];

export function MediaTab() {
  const { section, setSection } = useMedia();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const next = nextTabIndex(e.key, i, SECTIONS.length);
    if (next < 0) return;
    e.preventDefault();
    setSection(SECTIONS[next].id);
    refs.current[next]?.focus();
  };
  return (
    <div className="media-layout">
      <div role="tablist" aria-label={t('media.sections')} className="media-subtabs">
        {SECTIONS.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`media-subtab-${s.id}`}
            role="tab"
            type="button"
            aria-selected={section === s.id}
            aria-controls="media-subpanel"
            tabIndex={section === s.id ? 0 : -1}
            className={section === s.id ? 'tab active' : 'tab'}
            onClick={() => setSection(s.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t(s.label)}
          </button>
        ))}
      </div>
      <section
        id="media-subpanel"
        role="tabpanel"
        aria-labelledby={`media-subtab-${section}`}
        className="media-panel"
      >
        {section === 'images' ? (
          <ImagesPanel />
        ) : section === 'speech' ? (
          <SpeechPanel />
        ) : (
          <EmbeddingsPanel />
        )}
      </section>
    </div>
  );
}
