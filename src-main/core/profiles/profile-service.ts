import { randomUUID } from 'node:crypto';
import type { GatewayTarget } from '../gateway/gateway-urls';
import type { NetworkRoute } from '../gateway/network-route';
import { apiBaseUrl, profileAddresses } from '../../../src-shared/profiles/profile-address';
import { AppFailure } from '../../../src-shared/result';
import type { KeyValueStore } from '../storage/key-value-store';
import type { StorageNotices } from '../storage/storage-notices';
import { sendsKeyInPlainText } from '../../../src-shared/profiles/key-transport';
import { issuesText } from '../db/quarantine';
import type { KeyVault } from '../vault/key-vault';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { caCertificateViews, networkToStore, sameProxyAccount } from './profile-network-store';
import {
  DEFAULT_IDLE_TIMEOUT_SEC,
  DEFAULT_REPLY_DEADLINE_SEC,
  type Profile,
  type ProfileInput,
  profileInputSchema,
  profileSchema,
  SANDBOX_PROFILE_ID,
} from '../../../src-shared/profiles/profile';

/** The built-in Sandbox accepts any sk- key; this one is used when the user has not set one. */
export const SANDBOX_KEY = 'sk-sandbox-local';

export interface SandboxHost {
  /** Starts the Sandbox on first use; resolves to its origin (http://127.0.0.1:port). */
  origin(): Promise<string>;
  current(): string | undefined;
}

const SANDBOX_PROFILE: Profile = {
  id: SANDBOX_PROFILE_ID,
  name: 'Sandbox',
  kind: 'sandbox',
  host: 'built-in',
  judgeSegment: 'partner',
};

/** Where profiles that fail their schema are kept, in the same settings file, for recovery. */
export const SET_ASIDE_KEY = 'profilesSetAside';

export class ProfileService {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly vault: KeyVault,
    private readonly sandbox: SandboxHost,
    private readonly notices?: StorageNotices,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The saved profiles, read record by record: one that fails its schema (hand-edited, written by
   * a newer version) is moved to `profilesSetAside` with the reason and reported, and the others
   * load. Only once it is stored there is the shorter list written back, so nothing is lost.
   */
  private saved(): Profile[] {
    const raw = this.kv.get('profiles');
    if (raw === undefined) return [];
    const records = Array.isArray(raw) ? raw : [raw];
    const good: Profile[] = [];
    const bad: { raw: unknown; reason: string }[] = [];
    let migrated = false;
    for (const record of records) {
      const parsed = profileSchema.safeParse(record);
      if (!parsed.success) bad.push({ raw: record, reason: issuesText(parsed.error) });
      else if (parsed.data.baseUrl !== undefined) good.push(parsed.data);
      else {
        good.push(withBaseUrl(parsed.data));
        migrated = true;
      }
    }
    if (bad.length === 0 && Array.isArray(raw)) {
      if (migrated) this.kv.set('profiles', good);
      return good;
    }
    const at = this.now();
    const kept = this.kv.get(SET_ASIDE_KEY);
    this.kv.set(SET_ASIDE_KEY, [...(Array.isArray(kept) ? kept : []), ...bad.map((b) => ({ ...b, at }))]);
    this.kv.set('profiles', good);
    for (const b of bad) {
      const name = (b.raw as { name?: unknown } | null)?.name;
      this.notices?.add({
        kind: 'set-aside',
        file: typeof name === 'string' ? `the profile "${name.slice(0, 80)}"` : 'a saved profile',
        movedTo: `"${SET_ASIDE_KEY}" in the settings file`,
        reason: b.reason,
        at,
      });
    }
    return good;
  }

  all(): Profile[] {
    return [SANDBOX_PROFILE, ...this.saved()];
  }

  activeId(): string {
    const id = this.kv.get('activeProfileId');
    return typeof id === 'string' && this.all().some((p) => p.id === id) ? id : SANDBOX_PROFILE_ID;
  }

  view(profile: Profile): ProfileView {
    return {
      ...profile,
      // A secret header shows only the hint of the value the vault holds for it.
      headers: profile.headers?.map((h) =>
        h.secret ? { name: h.name, secret: true, hint: this.vault.headerSecretHint(profile.id, h.name) } : h,
      ),
      key: this.vault.status(profile.id),
      liveHost: profile.kind === 'sandbox' ? this.sandbox.current() : undefined,
      proxyPasswordSaved: this.vault.hasProxyPassword(profile.id) || undefined,
      caCertificateInfo: caCertificateViews(profile.network, this.now()),
    };
  }

  list(): { profiles: ProfileView[]; activeId: string } {
    return { profiles: this.all().map((p) => this.view(p)), activeId: this.activeId() };
  }

  get(id: string): Profile {
    const p = this.all().find((x) => x.id === id);
    if (!p) throw new AppFailure({ code: 'not_found', message: `No profile with id ${id}.` });
    return p;
  }

  save(input: ProfileInput): ProfileView {
    const parsed = profileInputSchema.parse(input);
    if (parsed.kind === 'sandbox' || parsed.id === SANDBOX_PROFILE_ID) {
      throw new AppFailure({
        code: 'invalid_input',
        message: 'The Sandbox profile is built in and cannot be edited.',
      });
    }
    const typed = parsed.host.trim().replace(/\/+$/, '');
    const { headers: inputHeaders, judgeUrl, network: inputNetwork, ...rest } = parsed;
    const { network } = networkToStore(inputNetwork);
    const profile: Profile = {
      ...rest,
      network,
      id: parsed.id ?? randomUUID().slice(0, 8),
      host: typed,
      // Used as typed from now on; a bare host gets the spec's /v1 (profile-address.ts).
      baseUrl: apiBaseUrl(typed),
      judgeUrl: judgeUrl || undefined,
      headers: inputHeaders?.map((h) =>
        h.secret ? { name: h.name, secret: true } : { name: h.name, value: h.value ?? '' },
      ),
    };
    const before = this.saved().find((p) => p.id === profile.id);
    // A key is bound to the host it was given for: pointing the profile elsewhere must not
    // send that key (or a secret header) to the new address, so the user pastes it again.
    const moved = before && new URL(before.host).origin !== new URL(profile.host).origin;
    if (moved) this.vault.forget(profile.id);
    // A proxy password belongs to that proxy and user; typed again with the address, or kept.
    if (!sameProxyAccount(before?.network, profile.network)) this.vault.forgetProxyPassword(profile.id);
    const keptSecrets = new Set(profile.headers?.filter((h) => h.secret).map((h) => h.name.toLowerCase()));
    for (const h of before?.headers ?? []) {
      if (h.secret && (moved || !keptSecrets.has(h.name.toLowerCase())))
        this.vault.forgetHeaderSecret(profile.id, h.name);
    }
    const others = this.saved().filter((p) => p.id !== profile.id);
    this.kv.set('profiles', [...others, profile]);
    return this.view(profile);
  }

  /** Saves the profile, then the values typed for its secret headers (encrypted like the key). */
  async saveWithSecrets(input: ProfileInput): Promise<ProfileView> {
    const saved = this.save(input);
    const parsed = profileInputSchema.parse(input);
    for (const h of parsed.headers ?? []) {
      if (h.secret && h.value) await this.vault.setHeaderSecret(saved.id, h.name, h.value);
    }
    const { proxyPassword } = networkToStore(parsed.network);
    if (proxyPassword) await this.vault.setProxyPassword(saved.id, proxyPassword);
    return this.view(this.get(saved.id));
  }

  delete(id: string): void {
    if (id === SANDBOX_PROFILE_ID) {
      throw new AppFailure({
        code: 'invalid_input',
        message: 'The Sandbox profile is built in and cannot be deleted.',
      });
    }
    const gone = this.all().find((p) => p.id === id);
    this.kv.set(
      'profiles',
      this.saved().filter((p) => p.id !== id),
    );
    this.vault.forget(id);
    for (const h of gone?.headers ?? []) if (h.secret) this.vault.forgetHeaderSecret(id, h.name);
    this.vault.forgetProxyPassword(id);
    if (this.kv.get('activeProfileId') === id) this.kv.set('activeProfileId', SANDBOX_PROFILE_ID);
  }

  activate(id: string): void {
    this.get(id);
    this.kv.set('activeProfileId', id);
  }

  /** How long a reply may stay silent before it is given up, for the profile's calls. */
  idleTimeoutMs(id: string = this.activeId()): number {
    return (this.get(id).idleTimeoutSec ?? DEFAULT_IDLE_TIMEOUT_SEC) * 1000;
  }

  /** How long one chat reply may take in all, however steadily it streams, for the profile's calls. */
  replyDeadlineMs(id: string = this.activeId()): number {
    return (this.get(id).replyDeadlineSec ?? DEFAULT_REPLY_DEADLINE_SEC) * 1000;
  }

  /** Where and how to call for a profile: addresses, auth, headers and the key, for main only. */
  async target(id: string = this.activeId()): Promise<GatewayTarget> {
    const p = this.get(id);
    const apiKey = await this.vault.reveal(p.id);
    if (p.kind === 'sandbox') {
      return {
        host: await this.sandbox.origin(),
        judgeSegment: p.judgeSegment,
        apiKey: apiKey ?? SANDBOX_KEY,
      };
    }
    const { headers, secretHeaders } = await this.headersOf(p);
    const { baseUrl, judgeUrl } = profileAddresses(p);
    const where = {
      // The gateway's own origin, against which redirects and relative result links are judged.
      host: p.baseUrl ? new URL(p.baseUrl).origin : p.host,
      judgeSegment: p.judgeSegment,
      baseUrl,
      judgeUrl,
      auth: p.auth,
      headers,
      secretHeaders,
      query: p.query,
      network: await this.networkOf(p),
    };
    // Local OpenAI-compatible servers (Ollama, LM Studio, vLLM) often take no key at all, and a
    // profile that sends none needs none.
    if (!apiKey && (p.kind === 'openai-compatible' || p.auth?.scheme === 'none')) return where;
    if (!apiKey) {
      throw new AppFailure({
        code: 'no_key',
        message: `The profile "${p.name}" has no API key yet — add one in Settings.`,
      });
    }
    if (sendsKeyInPlainText(p.host) && !p.allowPlainHttpKey) {
      throw new AppFailure({
        code: 'invalid_input',
        message: `host: ${p.host} would receive the key over plain http://, readable on the way — use https://, or tick "Send the key over plain HTTP" in the profile "${p.name}"`,
      });
    }
    return { ...where, apiKey: p.auth?.scheme === 'none' ? undefined : apiKey };
  }

  /** The profile's proxy (its password from the vault) and trusted certificates, for main's fetch. */
  private async networkOf(p: Profile): Promise<NetworkRoute | undefined> {
    const n = p.network;
    if (!n?.proxy && !n?.caCertificates?.length) return undefined;
    let proxy = n.proxy;
    if (proxy?.mode === 'url') {
      const password = await this.vault.revealProxyPassword(p.id);
      if (password !== undefined) {
        const u = new URL(proxy.url);
        u.password = encodeURIComponent(password);
        proxy = { mode: 'url', url: u.href };
      }
    }
    return { proxy, ca: n.caCertificates?.map((c) => c.pem) };
  }

  /** The profile's extra headers with their secret values from the vault. */
  private async headersOf(p: Profile): Promise<{ headers: Record<string, string>; secretHeaders: string[] }> {
    const headers: Record<string, string> = {};
    const secretHeaders: string[] = [];
    for (const h of p.headers ?? []) {
      if (!h.secret) {
        headers[h.name] = h.value ?? '';
        continue;
      }
      const value = await this.vault.revealHeaderSecret(p.id, h.name);
      if (value === undefined) {
        throw new AppFailure({
          code: 'invalid_input',
          message: `headers: "${h.name}" is a secret header with no value on this machine — type its value again in the profile "${p.name}"`,
        });
      }
      headers[h.name] = value;
      secretHeaders.push(h.name);
    }
    return { headers, secretHeaders };
  }
}

/**
 * A profile saved before base URLs were used as typed: its host (stored without `/v1`) called
 * `{host}/v1/...`. It becomes a profile whose base URL, as shown and as typed, is that address,
 * so the form shows where it really calls and saving it unchanged keeps calling there.
 */
export function withBaseUrl(p: Profile): Profile {
  const { baseUrl } = profileAddresses(p);
  return { ...p, host: baseUrl, baseUrl };
}
