import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { installFakeBridge } from '../../test/fake-bridge';
import { draftOf, ProfileForm } from './ProfileForm';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const corp: ProfileView = {
  id: 'corp',
  name: 'Corp',
  kind: 'openai-compatible',
  host: 'https://gw.corp.example/v1',
  baseUrl: 'https://gw.corp.example/v1',
  judgeSegment: 'partner',
  network: {
    proxy: { mode: 'url', url: 'http://ann@proxy.corp:3128' },
    caCertificates: [{ name: 'root.pem', pem: PEM }],
  },
  proxyPasswordSaved: true,
  caCertificateInfo: [
    {
      name: 'root.pem',
      certificates: [{ subject: 'Corp Root CA', validTo: '2030-01-01T00:00:00.000Z', expired: false }],
    },
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

const saveButton = () => screen.getByRole('button', { name: 'Save profile' });

describe('a profile’s network: proxy and trusted certificates', () => {
  it('shows the saved proxy without its password, says a password is saved, and sends the address back as shown', async () => {
    const bridge = setup(corp);
    expect((screen.getByLabelText('Proxy') as HTMLSelectElement).value).toBe('url');
    expect((screen.getByLabelText('Proxy address') as HTMLInputElement).value).toBe(
      'http://ann@proxy.corp:3128',
    );
    expect(screen.getByText(/A password is saved for this proxy/)).toBeTruthy();
    expect(screen.getByText('root.pem')).toBeTruthy();
    expect(screen.getByText(/Corp Root CA, valid until/)).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'profiles.save')).toBe(true));
    const input = bridge.calls.find((c) => c.route === 'profiles.save')!.input as Record<string, unknown>;
    expect(input.network).toEqual({
      proxy: { mode: 'url', url: 'http://ann@proxy.corp:3128' },
      caCertificates: [{ name: 'root.pem', pem: PEM }],
    });
    expect(input).not.toHaveProperty('caCertificateInfo');
    expect(input).not.toHaveProperty('proxyPasswordSaved');
  });

  it('names the rule for a proxy address that is not one, and will not save it', () => {
    setup(corp);
    fireEvent.change(screen.getByLabelText('Proxy address'), { target: { value: 'ftp://proxy.corp' } });
    expect(screen.getByText(/must start with http:\/\/, https:\/\/ or socks5:\/\//)).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file that is not a PEM certificate, keeping the ones listed', async () => {
    setup(corp);
    const input = document.querySelector(
      '#profile-ca-file ~ input, .file-picker input[type=file]',
    ) as HTMLInputElement;
    const der = new File([new Uint8Array([0x30, 0x82, 0x01, 0x0a])], 'root.cer');
    fireEvent.change(input, { target: { files: [der] } });
    expect(await screen.findByText(/root\.cer is not a PEM certificate file/)).toBeTruthy();
    expect(screen.getByText('root.pem')).toBeTruthy();
  });

  it('adds a PEM file, to be checked by main on save, and removes one', async () => {
    const bridge = setup({
      ...corp,
      network: undefined,
      caCertificateInfo: undefined,
      proxyPasswordSaved: undefined,
    });
    expect((screen.getByLabelText('Proxy') as HTMLSelectElement).value).toBe('system');
    const input = document.querySelector('.file-picker input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([PEM + PEM], 'bundle.pem')] } });
    expect(await screen.findByText('2 certificate(s), checked when you save')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'profiles.save')).toBe(true));
    const sent = bridge.calls.find((c) => c.route === 'profiles.save')!.input as { network: unknown };
    expect(sent.network).toEqual({
      proxy: { mode: 'system' },
      caCertificates: [{ name: 'bundle.pem', pem: PEM + PEM }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove bundle.pem' }));
    expect(screen.getByText('None: the usual certificate authorities only.')).toBeTruthy();
  });
});
