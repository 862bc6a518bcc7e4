import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { installFakeBridge } from '../../test/fake-bridge';
import { draftOf, ProfileForm } from './ProfileForm';

const portkey: ProfileView = {
  id: 'pk',
  name: 'Portkey',
  kind: 'openai-compatible',
  host: 'https://api.portkey.ai/v1',
  baseUrl: 'https://api.portkey.ai/v1',
  judgeSegment: 'partner',
  headers: [
    { name: 'x-portkey-provider', value: 'openai' },
    { name: 'x-portkey-api-key', secret: true, hint: '…4a2b' },
  ],
  key: { hasKey: true, hint: 'sk-…1234', weakStorageOnly: false, canPersist: true },
};

function setup(profile: ProfileView) {
  const bridge = installFakeBridge({ 'profiles.save': (input) => ({ ...profile, ...(input as object) }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileForm profile={draftOf(profile)} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
  return bridge;
}

const saved = async (bridge: ReturnType<typeof installFakeBridge>) => {
  fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
  await waitFor(() => expect(bridge.calls.some((c) => c.route === 'profiles.save')).toBe(true));
  return bridge.calls.find((c) => c.route === 'profiles.save')!.input as Record<string, unknown>;
};

describe('a profile connection: judgement address, auth, headers and query', () => {
  it('shows a saved secret header by its hint only, and saving without typing it keeps it (no value sent)', async () => {
    const bridge = setup(portkey);
    // A secret value is a password field: not a textbox, and empty, with the hint as placeholder.
    expect(screen.queryByRole('textbox', { name: 'Header 2 value' })).toBeNull();
    const field = screen.getByLabelText('Header 2 value') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.value).toBe('');
    expect(field.placeholder).toContain('…4a2b');
    const input = await saved(bridge);
    expect(input.headers).toEqual([
      { name: 'x-portkey-provider', value: 'openai', secret: false },
      { name: 'x-portkey-api-key', value: undefined, secret: true },
    ]);
  });

  it('the Azure preset sends the key in api-key; a query parameter and a judgement address are sent as typed', async () => {
    const bridge = setup({ ...portkey, headers: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Azure OpenAI' }));
    expect((screen.getByLabelText('Send the key') as HTMLSelectElement).value).toBe('header');
    expect((screen.getByLabelText('Header that carries the key') as HTMLInputElement).value).toBe('api-key');
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    fireEvent.change(screen.getByLabelText('Parameter 1 name'), { target: { value: 'trace' } });
    fireEvent.change(screen.getByLabelText('Parameter 1 value'), { target: { value: 'on' } });
    fireEvent.change(screen.getByLabelText('Judgement endpoint'), {
      target: { value: ' https://judge.example/systemone ' },
    });
    const input = await saved(bridge);
    expect(input).toMatchObject({
      auth: { scheme: 'header', header: 'api-key' },
      query: [{ name: 'trace', value: 'on' }],
      judgeUrl: 'https://judge.example/systemone',
    });
  });

  it('says where the judgement endpoint is when its field is empty, from the base URL as typed', () => {
    setup({ ...portkey, host: 'https://proxy.corp/team/v1', headers: [] });
    expect((screen.getByLabelText('Judgement endpoint') as HTMLInputElement).placeholder).toBe(
      'https://proxy.corp/team/partner/v1/systemone',
    );
  });
});
