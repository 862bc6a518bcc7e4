import { useEffect, useMemo, useRef } from 'react';
import { guessModelKind } from '../../../src-shared/models/model-kind';
import { ModelPicker } from '../../app/ModelPicker';
import { recallModel } from '../../app/model-memory';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';

/** Model id with suggestions from the profile's model list, this kind's models listed first. */
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
  const list = useMemo(() => models.data ?? [], [models.data]);
  const { value, onChange, kind } = props;
  // Suggest once; a field the user cleared on purpose stays empty, and a remembered model wins.
  const suggested = useRef(false);
  useEffect(() => {
    if (suggested.current || list.length === 0) return;
    suggested.current = true;
    if (recallModel(kind, activeId)) return;
    const matching = list.find((m) => guessModelKind(m) === kind);
    if (!value && matching) onChange(matching.id);
  }, [value, list, kind, activeId, onChange]);
  return (
    <ModelPicker
      id={props.id}
      label={t('media.model')}
      value={value}
      onChange={onChange}
      models={list}
      kind={kind}
      scope={kind}
      profileId={activeId}
      placeholder={t('media.modelPlaceholder', { example: props.example })}
      listError={models.isError ? t('media.modelsFailed') : undefined}
      invalid={props.error !== undefined}
      describedBy={props.error ? `${props.id}-err` : undefined}
    >
      {props.error ? (
        <span id={`${props.id}-err`} className="field-error">
          {props.error}
        </span>
      ) : null}
    </ModelPicker>
  );
}
