import { useEffect, useRef } from 'react';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';

const KIND_PATTERNS: Record<string, RegExp> = {
  image: /image|dall-?e|flux|sd|diffusion|imagen/i,
  speech: /tts|speech|audio|voice/i,
  embedding: /embed/i,
};

/** Model id with suggestions from the profile's model list, preferring ids that look like this kind. */
export function ModelField(props: {
  id: string;
  kind: 'image' | 'speech' | 'embedding';
  value: string;
  onChange: (v: string) => void;
  example: string;
  error?: string;
}) {
  const profiles = useRoute('profiles.list', {});
  const activeId = profiles.data?.activeId;
  const models = useRoute('models.list', { profileId: activeId }, { enabled: activeId !== undefined });
  const ids = models.data?.map((m) => m.id) ?? [];
  const matching = ids.filter((id) => KIND_PATTERNS[props.kind].test(id));
  const { value, onChange } = props;
  // Suggest once; a field the user cleared on purpose stays empty.
  const suggested = useRef(false);
  useEffect(() => {
    if (suggested.current || matching.length === 0) return;
    suggested.current = true;
    if (!value) onChange(matching[0]);
  }, [value, matching, onChange]);
  const listId = `${props.id}-list`;
  return (
    <div className="field">
      <label htmlFor={props.id}>{t('media.model')}</label>
      <input
        id={props.id}
        list={listId}
        value={value}
        placeholder={t('media.modelPlaceholder', { example: props.example })}
        aria-invalid={props.error !== undefined}
        aria-describedby={props.error ? `${props.id}-err` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {(matching.length > 0 ? matching : ids).map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
      {props.error ? (
        <span id={`${props.id}-err`} className="field-error">
          {props.error}
        </span>
      ) : models.isError ? (
        <span className="field-error">{t('media.modelsFailed')}</span>
      ) : null}
    </div>
  );
}
