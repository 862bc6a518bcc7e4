import { useRoute, useRouteMutation } from '../hooks/use-route';
import { t } from '../i18n/i18n';

/** The header's profile picker: which gateway (or the Sandbox) every tab talks to. */
export function ProfileSwitcher() {
  const list = useRoute('profiles.list', {});
  const activate = useRouteMutation('profiles.activate', ['profiles.list', 'models.list']);
  const profiles = list.data?.profiles ?? [];
  if (profiles.length < 2) return null;
  return (
    <select
      className="profile-switcher"
      aria-label={t('app.profile')}
      title={t('app.profile')}
      value={list.data?.activeId ?? ''}
      disabled={activate.isPending}
      onChange={(e) => activate.mutate({ id: e.target.value })}
    >
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
