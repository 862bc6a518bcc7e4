import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { branchCount, branchPosition } from '../../../src-shared/chat/branches';
import { IconButton } from '../../app/IconButton';
import { t } from '../../i18n/i18n';

/** ‹ 2/3 ›: flips through the versions kept at one position (edited questions, regenerated replies). */
export function BranchSwitcher({
  message,
  disabled,
  onSwitch,
}: {
  message: StoredMessage;
  disabled: boolean;
  onSwitch: (index: number) => void;
}) {
  const count = branchCount(message);
  if (count < 2) return null;
  const at = branchPosition(message);
  return (
    <span className="branch-switch" role="group" aria-label={t('chat.versions')}>
      <IconButton
        label={t('chat.previousVersion')}
        glyph="‹"
        disabled={disabled || at === 0}
        onClick={() => onSwitch(at - 1)}
      />
      <span className="muted" aria-live="polite">
        {t('chat.versionOf', { n: at + 1, count })}
      </span>
      <IconButton
        label={t('chat.nextVersion')}
        glyph="›"
        disabled={disabled || at === count - 1}
        onClick={() => onSwitch(at + 1)}
      />
    </span>
  );
}
