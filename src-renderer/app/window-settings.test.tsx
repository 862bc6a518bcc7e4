import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../src-shared/profiles/profile-view';
import { chooseLanguage } from '../i18n/i18n';
import { installFakeBridge } from '../test/fake-bridge';
import { App } from './App';
import { InLanguage } from './InLanguage';
import themeBoot from '../public/theme-boot.js?raw';
import { applyTheme } from './theme';
import { useSettingsView } from '../features/settings/settings-view-store';
import { useUi } from './ui-store';

const sandbox: ProfileView = {
  id: 'sandbox',
  name: 'Sandbox',
  kind: 'sandbox',
  host: 'built-in',
  judgeSegment: 'partner',
  key: { hasKey: false, weakStorageOnly: false, canPersist: true },
};

const prod: ProfileView = {
  ...sandbox,
  id: 'p1',
  name: 'Prod',
  kind: 'gateway-overseas',
  host: 'https://g.example.com',
};

function renderWindow() {
  installFakeBridge({
    'profiles.list': () => ({ profiles: [sandbox, prod], activeId: 'sandbox' }),
    'app.notices': () => [],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InLanguage>
        <App />
      </InLanguage>
    </QueryClientProvider>,
  );
}

describe('the window’s own settings', () => {
  beforeEach(() => {
    localStorage.clear();
    useUi.setState({ tab: 'settings', logOpen: false });
    useSettingsView.setState({ shown: undefined });
  });
  afterEach(async () => {
    await chooseLanguage('en');
    localStorage.clear();
    applyTheme('system');
  });

  it('speaks the chosen language at once and stays on the Settings tab, on the profile shown', async () => {
    renderWindow();
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    expect(await screen.findByRole('heading', { name: 'Prod' })).toBeTruthy();
    const language = await screen.findByRole('combobox', { name: 'Language' });
    language.focus();
    fireEvent.change(language, { target: { value: 'zh-CN' } });
    expect(await screen.findByRole('tab', { name: '设置', selected: true })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Prod' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(localStorage.getItem('gatehouse.language')).toBe('zh-CN');
    // The picker keeps the focus it had, in its new words.
    const picker = await screen.findByRole('combobox', { name: '语言' });
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect((picker as HTMLSelectElement).value).toBe('zh-CN');
  });

  it('marks the page with the chosen theme, keeps it, and follows the system again', async () => {
    renderWindow();
    const theme = await screen.findByRole('combobox', { name: 'Theme' });
    fireEvent.change(theme, { target: { value: 'dark' } });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('gatehouse.theme')).toBe('dark');
    // What the page runs first at start, before anything is drawn.
    delete document.documentElement.dataset.theme;
    new Function(themeBoot)();
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.change(theme, { target: { value: 'system' } });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('gatehouse.theme')).toBeNull();
  });
});
