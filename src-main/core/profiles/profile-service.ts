import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type GatewayTarget, normalizeHost } from '../gateway/gateway-urls';
import { AppFailure } from '../../../src-shared/result';
import type { KeyValueStore } from '../storage/key-value-store';
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

export class ProfileService {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly vault: KeyVault,
    private readonly sandbox: SandboxHost,
  ) {}

  private saved(): Profile[] {
    const parsed = z.array(profileSchema).safeParse(this.kv.get('profiles'));
    return parsed.success ? parsed.data : [];
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
    return { host: p.host, judgeSegment: p.judgeSegment, apiKey };
  }
}
