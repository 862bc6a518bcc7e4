import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { installFakeBridge } from '../../test/fake-bridge';
import { useSettingsView } from './settings-view-store';
import { SettingsTab } from './SettingsTab';

const noKey = { hasKey: false, weakStorageOnly: false, canPersist: true };
const sandbox: ProfileView = {
  id: 'sandbox',
  name: 'Sandbox',
  kind: 'sandbox',
  host: 'built-in',
  judgeSegment: 'partner',
  key: noKey,
};
const prod: ProfileView = {
  id: 'p1',
  name: 'Prod',
  kind: 'gateway-overseas',
  host: 'https://g.example.com',
  judgeSegment: 'partner',
  key: noKey,
};

function setup(
  profiles: ProfileView[] = [sandbox, prod],
  routes: Record<string, (input: unknown) => unknown> = {},
) {
  const state = { profiles };
  const bridge = installFakeBridge({
    ...routes,
    'profiles.list': () => ({ profiles: state.profiles, activeId: 'sandbox' }),
    'profiles.setKey': (input) => {
      const { id } = input as { id: string; key: string };
      const key = {
        hasKey: true,
        hint: 'sk-…1234',
        protection: 'os-keychain' as const,
        weakStorageOnly: false,
        canPersist: true,
      };
      state.profiles = state.profiles.map((p) => (p.id === id ? { ...p, key } : p));
      return key;
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingsTab />
    </QueryClientProvider>,
  );
  return bridge;
}

describe('SettingsTab', () => {
  beforeEach(() => useSettingsView.setState({ shown: undefined }));

  it('does not carry a half-typed key over to another profile', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    fireEvent.change(screen.getByLabelText('Paste API key'), { target: { value: 'sk-meant-for-prod' } });
    fireEvent.click(screen.getByRole('button', { name: /Sandbox/ }));
    await screen.findByText(/Listening on|Starts when first used/);
    expect((screen.getByLabelText('Paste API key') as HTMLInputElement).value).toBe('');
  });

  it('saves a key for the shown profile, clears the field and shows only the hint', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    fireEvent.change(screen.getByLabelText('Paste API key'), { target: { value: 'sk-secret-value-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByLabelText('Saved key hint')).toHaveProperty('textContent', 'Key sk-…1234');
    expect(bridge.calls.find((c) => c.route === 'profiles.setKey')?.input).toMatchObject({ id: 'p1' });
    expect(screen.getByText('Protected by the OS keychain (encrypted at rest).')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('secret-value');
  });

  it('asks for the name only once the field was left empty, and opens Add profile empty each time', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText(/has no single public address/)).toBeTruthy();
    const name = screen.getByLabelText('Name');
    fireEvent.blur(name);
    expect(screen.getByText('Name is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Half typed' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add profile' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('shows field rules as you type in the profile form', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'ftp://nope' } });
    expect(screen.getByText('Base URL must start with http:// or https://')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('saves the idle timeout a profile asks for, and refuses one out of range', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Thinker' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://t.example.com/v1' } });
    const idle = screen.getByLabelText('Idle timeout (seconds)');
    const saveButton = () => screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement;
    fireEvent.change(idle, { target: { value: '5' } });
    expect(screen.getByText(/from 10 to 3600/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(idle, { target: { value: '600' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'profiles.save')?.input).toMatchObject({
        name: 'Thinker',
        idleTimeoutSec: 600,
      }),
    );
  });

  it('saves the reply deadline a profile asks for, and refuses one out of range', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Long writer' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://w.example.com/v1' } });
    const deadline = screen.getByLabelText('Reply deadline (seconds)') as HTMLInputElement;
    expect(deadline.placeholder).toBe('600');
    const saveButton = () => screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement;
    fireEvent.change(deadline, { target: { value: '10' } });
    expect(
      screen.getByText('Reply deadline must be a whole number of seconds from 30 to 7200.'),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(deadline, { target: { value: '1800' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'profiles.save')?.input).toMatchObject({
        name: 'Long writer',
        replyDeadlineSec: 1800,
      }),
    );
  });

  it('leaves "retry automatically after a rate limit" off unless ticked, and saves it when ticked', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Busy' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://b.example.com/v1' } });
    const auto = screen.getByLabelText('Retry automatically after a rate limit') as HTMLInputElement;
    expect(auto.checked).toBe(false);
    const saves = () => bridge.calls.filter((c) => c.route === 'profiles.save');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0].input as { autoRetryRateLimit?: boolean }).autoRetryRateLimit).toBeFalsy();
    fireEvent.click(auto);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1].input).toMatchObject({ name: 'Busy', autoRetryRateLimit: true });
  });

  it('shows each profile’s own "retry automatically" setting', async () => {
    setup([sandbox, prod, { ...prod, id: 'p2', name: 'Patient', autoRetryRateLimit: true }]);
    const box = () => screen.getByLabelText('Retry automatically after a rate limit') as HTMLInputElement;
    fireEvent.click(await screen.findByRole('button', { name: 'Patient' }));
    expect(box().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Prod' }));
    await waitFor(() => expect(box().checked).toBe(false));
  });

  it('warns about a key that is not sk-… but lets it be saved', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    const input = screen.getByLabelText('Paste API key');
    fireEvent.change(input, { target: { value: 'sk-usual-key-1234' } });
    expect(screen.queryByText(/does not look like an sk-… key/)).toBeNull();
    fireEvent.change(input, { target: { value: 'ak_live_0123456789' } });
    expect(screen.getByText(/does not look like an sk-… key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'profiles.setKey')).toBe(true));
  });

  it('asks for confirmation before a key goes over plain http to another host', async () => {
    setup([sandbox, { ...prod, host: 'http://gpu-box.example.com:8000' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    expect(screen.getByText(/plain http:\/\/ to another computer/)).toBeTruthy();
    const confirm = screen.getByLabelText(
      'Send the key over plain HTTP to this host anyway',
    ) as HTMLInputElement;
    expect(confirm.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:8000' } });
    expect(screen.queryByText(/plain http:\/\/ to another computer/)).toBeNull();
  });

  it('says plainly that no key is saved when the connection test meets a profile without one', async () => {
    const openai: ProfileView = { ...prod, id: 'p2', name: 'Remote', kind: 'openai-compatible' };
    setup([sandbox, prod, openai], {
      'profiles.test': (input) => {
        // Main refuses a gateway profile with no key; a local server's profile goes and is refused.
        throw (input as { id: string }).id === 'p1'
          ? { code: 'no_key', message: 'The profile "Prod" has no API key yet — add one in Settings.' }
          : { code: 'unauthorized', status: 401, message: 'HTTP 401' };
      },
    });
    for (const name of ['Prod', 'Remote']) {
      fireEvent.click(await screen.findByRole('button', { name }));
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('No key saved for this profile: paste one under API key above.');
      expect(alert.textContent).not.toContain('Settings');
    }
  });

  it('words a refused key for Settings when the user is there', async () => {
    const keyed = { ...prod, key: { ...prod.key, hasKey: true, hint: 'sk-…9999' } };
    setup([sandbox, keyed], {
      'profiles.test': () => {
        throw { code: 'unauthorized', status: 401, message: 'HTTP 401' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Prod' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The key was refused: check it under API key above');
    expect(alert.textContent).not.toContain('in Settings');
  });
});
