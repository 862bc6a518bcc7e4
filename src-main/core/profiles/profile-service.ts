import { randomUUID } from 'node:crypto';
import { type GatewayTarget, normalizeHost } from '../gateway/gateway-urls';
import { AppFailure } from '../../../src-shared/result';
import type { KeyValueStore } from '../storage/key-value-store';
import type { StorageNotices } from '../storage/storage-notices';
import { sendsKeyInPlainText } from '../../../src-shared/profiles/key-transport';
import { issuesText } from '../db/quarantine';
import type { KeyVault } from '../vault/key-vault';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import {
  DEFAULT_IDLE_TIMEOUT_SEC,
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
    for (const record of records) {
      const parsed = profileSchema.safeParse(record);
      if (parsed.success) good.push(parsed.data);
      else bad.push({ raw: record, reason: issuesText(parsed.error) });
    }
    if (bad.length === 0 && Array.isArray(raw)) return good;
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
      key: this.vault.status(profile.id),
      liveHost: profile.kind === 'sandbox' ? this.sandbox.current() : undefined,
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
    const profile: Profile = {
      ...parsed,
      id: parsed.id ?? randomUUID().slice(0, 8),
      host: normalizeHost(parsed.host),
    };
    const before = this.saved().find((p) => p.id === profile.id);
    // A key is bound to the host it was given for: pointing the profile elsewhere must not
    // send that key to the new address, so the user pastes it again.
    if (before && new URL(before.host).origin !== new URL(profile.host).origin) this.vault.forget(profile.id);
    const rest = this.saved().filter((p) => p.id !== profile.id);
    this.kv.set('profiles', [...rest, profile]);
    return this.view(profile);
  }

  delete(id: string): void {
    if (id === SANDBOX_PROFILE_ID) {
      throw new AppFailure({
        code: 'invalid_input',
        message: 'The Sandbox profile is built in and cannot be deleted.',
      });
    }
    this.kv.set(
      'profiles',
      this.saved().filter((p) => p.id !== id),
    );
    this.vault.forget(id);
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

  /** Where and how to call for a profile: host, judge segment and the key, for main only. */
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
    // Local OpenAI-compatible servers (Ollama, LM Studio, vLLM) often take no key at all.
    if (!apiKey && p.kind === 'openai-compatible') return { host: p.host, judgeSegment: p.judgeSegment };
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
    return { host: p.host, judgeSegment: p.judgeSegment, apiKey };
  }
}
