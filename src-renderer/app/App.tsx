import { lazy, useCallback, useState, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isBrowserMode } from '../bridge/api';
import { useChatEvents } from '../features/chat/use-chat-events';
import { useEvent, useRoute } from '../hooks/use-route';
import { loadMessages, modKey, t } from '../i18n/i18n';
import { ProfileSwitcher } from './ProfileSwitcher';
import { nextTabIndex } from './tab-keys';
import { tabs } from './tabs';
import { useUi } from './ui-store';
import { useGlobalShortcuts } from './use-shortcuts';

// Loaded when first opened: the log panel brings View code's generators, which the start does not need.
// The request log's strings come with its panel, as a tab's do (app/tabs.tsx).
const LogPanel = lazy(() =>
  Promise.all([import('../features/log/LogPanel'), loadMessages('log')]).then(([m]) => ({
    default: m.LogPanel,
  })),
);

export function App() {
  useGlobalShortcuts();
  useChatEvents();
  const { tab, setTab, logOpen, toggleLog } = useUi();
  const profiles = useRoute('profiles.list', {});
  const notices = useRoute('app.notices', {});
  const [dismissed, setDismissed] = useState(0);
  const qc = useQueryClient();
  useEvent(
    'app.notice',
    useCallback(() => void qc.invalidateQueries({ queryKey: ['app.notices'] }), [qc]),
  );
  const shownNotices = (notices.data ?? []).slice(dismissed);
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  const Active = tabs.find((x) => x.id === tab)?.component ?? tabs[0].component;

  return (
    <div className={`shell ${logOpen ? 'with-log' : ''}`}>
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
        <nav
          aria-label={t('app.tabs')}
          role="tablist"
          className="tabs"
          onKeyDown={(e) => {
            // The tab-bar pattern: arrows move between tabs, Home/End jump to the ends.
            const next = nextTabIndex(
              e.key,
              tabs.findIndex((x) => x.id === tab),
              tabs.length,
            );
            if (next < 0) return;
            e.preventDefault();
            setTab(tabs[next].id);
            document.getElementById(`tab-${tabs[next].id}`)?.focus();
          }}
        >
          {tabs.map((x, i) => (
            <button
              key={x.id}
              id={`tab-${x.id}`}
              role="tab"
              type="button"
              aria-selected={tab === x.id}
              aria-controls="tabpanel"
              tabIndex={tab === x.id ? 0 : -1}
              className={tab === x.id ? 'tab active' : 'tab'}
              onClick={() => setTab(x.id)}
              title={t('keys.tab', { mod: modKey(), n: i + 1 })}
            >
              {t(x.label)}
            </button>
          ))}
        </nav>
        <div className="topbar-right">
          <ProfileSwitcher />
          {active?.kind === 'sandbox' ? (
            <span className="badge badge-sandbox" title={t('settings.sandboxInfo')}>
              {t('app.sandboxBadge')}
            </span>
          ) : active && (profiles.data?.profiles.length ?? 0) < 2 ? (
            <span className="badge" title={t('app.profileBadge', { name: active.name })}>
              {t('app.profileBadge', { name: active.name })}
            </span>
          ) : null}
          {isBrowserMode() ? (
            <span className="badge badge-dev" title={t('app.browserModeHint')}>
              {t('app.browserMode')}
            </span>
          ) : null}
          <button
            type="button"
            className={logOpen ? 'ghost pressed' : 'ghost'}
            aria-pressed={logOpen}
            onClick={toggleLog}
            title={t('keys.log', { mod: modKey() })}
          >
            {t('app.showLog')}
          </button>
        </div>
      </header>
      {shownNotices.length > 0 ? (
        <div role="status" className="notice notice-warn">
          <span>
            {shownNotices[0].kind === 'imported'
              ? t(shownNotices[0].records === 1 ? 'app.importNoticeOne' : 'app.importNotice', {
                  records: shownNotices[0].records,
                  backupDir: shownNotices[0].backupDir,
                })
              : shownNotices[0].kind === 'not-moved'
                ? t('app.folderNotMoved', {
                    folder: shownNotices[0].folder,
                    backupDir: shownNotices[0].backupDir,
                    reason: shownNotices[0].reason,
                  })
                : t('app.storageNotice', {
                    file: shownNotices[0].file,
                    movedTo: shownNotices[0].movedTo,
                    reason: shownNotices[0].reason,
                  })}
          </span>
          <button type="button" className="ghost" onClick={() => setDismissed((d) => d + 1)}>
            {t('app.dismiss')}
          </button>
        </div>
      ) : null}
      <main id="tabpanel" className="content" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <Suspense fallback={<div className="muted tab-loading">{t('common.loading')}</div>}>
          <Active />
        </Suspense>
      </main>
      {logOpen ? (
        <Suspense fallback={null}>
          <LogPanel />
        </Suspense>
      ) : null}
    </div>
  );
}
