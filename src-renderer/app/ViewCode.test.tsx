import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../test/fake-bridge';
import { ViewCode } from './ViewCode';

/** The active profile as main lists it: a secret header shows only its hint. */
const azure = {
  id: 'p1',
  kind: 'openai-compatible',
  host: 'https://az.example/openai/deployments/gpt4o?api-version=2024-10-21',
  baseUrl: 'https://az.example/openai/deployments/gpt4o?api-version=2024-10-21',
  judgeSegment: 'partner',
  auth: { scheme: 'header', header: 'api-key' },
  headers: [
    { name: 'x-portkey-provider', value: 'openai' },
    { name: 'x-portkey-api-key', secret: true, hint: '…3e4d' },
  ],
  query: [{ name: 'trace', value: 'on' }],
};

function open(profile: Record<string, unknown>) {
  installFakeBridge({ 'profiles.list': () => ({ profiles: [profile], activeId: 'p1' }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ViewCode kind="chat" body={{ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'View code' }));
  return screen.getByRole('dialog', { name: 'Code for this request' });
}
const codeIn = (dialog: HTMLElement) => dialog.querySelector('code')?.textContent ?? '';

afterEach(cleanup);

describe('View code for the active profile', () => {
  it('sends the key in the profile’s header, its extra headers and query, and never the secret’s hint', async () => {
    const dialog = open(azure);
    await waitFor(() =>
      expect(codeIn(dialog)).toContain(
        "'https://az.example/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21&trace=on'",
      ),
    );
    const curl = codeIn(dialog);
    expect(curl).toContain('-H "api-key: $GATEWAY_API_KEY"');
    expect(curl).toContain("-H 'x-portkey-provider: openai'");
    expect(curl).toContain('-H "x-portkey-api-key: $GATEWAY_HEADER_X_PORTKEY_API_KEY"');
    expect(curl).not.toContain('Authorization');
    expect(dialog.textContent).toContain(
      'Secret header values are read from $GATEWAY_HEADER_X_PORTKEY_API_KEY',
    );
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Node' }));
    const node = codeIn(dialog);
    expect(node).toContain('Authorization: null');
    expect(node).toContain('defaultQuery: { "api-version": "2024-10-21", trace: "on" }');
    for (const text of [curl, node]) expect(text).not.toContain('3e4d');
  });

  it('says the code sends no key for a profile that sends none', async () => {
    const dialog = open({ ...azure, auth: { scheme: 'none' }, headers: [] });
    await waitFor(() => expect(codeIn(dialog)).toContain('chat/completions?api-version=2024-10-21&trace=on'));
    expect(codeIn(dialog)).not.toContain('GATEWAY_API_KEY');
    expect(dialog.textContent).toContain('This profile sends no key, and neither does the code.');
  });

  it('calls the profile it is given (an eval cell’s target) rather than the active one', async () => {
    const other = {
      ...azure,
      id: 'p2',
      host: 'https://other.example/v1',
      baseUrl: 'https://other.example/v1',
      query: [],
    };
    installFakeBridge({ 'profiles.list': () => ({ profiles: [azure, other], activeId: 'p1' }) });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ViewCode
          kind="chat"
          profileId="p2"
          body={{ model: 'm', messages: [{ role: 'user', content: 'hi' }] }}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View code' }));
    const dialog = screen.getByRole('dialog', { name: 'Code for this request' });
    await waitFor(() => expect(codeIn(dialog)).toContain('https://other.example/v1/chat/completions'));
    expect(codeIn(dialog)).not.toContain('az.example');
  });
});
