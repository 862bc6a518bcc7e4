import type { AuthScheme } from '../../../src-shared/profiles/profile';

export interface HeaderDraft {
  name: string;
  value: string;
  secret: boolean;
  /** A saved secret's hint (`…abcd`); its value never comes back to the window. */
  hint?: string;
}

export interface QueryDraft {
  name: string;
  value: string;
}

export interface ConnectionDraft {
  judgeUrl: string;
  auth: AuthScheme;
  headers: HeaderDraft[];
  query: QueryDraft[];
}

/**
 * Starting points for services that need more than a base URL. Each fills the fields it needs
 * and leaves the rest as they were; every value stays editable. The names are the services' own.
 */
export const CONNECTION_PRESETS: {
  id: 'azure' | 'openrouter' | 'portkey';
  label: string;
  hostExample: string;
  apply(d: ConnectionDraft): ConnectionDraft;
}[] = [
  {
    id: 'azure',
    label: 'Azure OpenAI',
    hostExample: 'https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT?api-version=2024-10-21',
    apply: (d) => ({ ...d, auth: { scheme: 'header', header: 'api-key' } }),
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    hostExample: 'https://openrouter.ai/api/v1',
    apply: (d) => ({
      ...d,
      auth: { scheme: 'bearer' },
      headers: withHeaders(d.headers, [
        { name: 'HTTP-Referer', value: 'https://gatehouse.local', secret: false },
        { name: 'X-Title', value: 'Gatehouse', secret: false },
      ]),
    }),
  },
  {
    id: 'portkey',
    label: 'Portkey',
    hostExample: 'https://api.portkey.ai/v1',
    apply: (d) => ({
      ...d,
      headers: withHeaders(d.headers, [
        { name: 'x-portkey-api-key', value: '', secret: true },
        { name: 'x-portkey-provider', value: 'openai', secret: false },
      ]),
    }),
  },
];

/** Adds the headers the list lacks (by name, case-insensitively), keeping what the user typed. */
function withHeaders(current: HeaderDraft[], wanted: HeaderDraft[]): HeaderDraft[] {
  const have = new Set(current.map((h) => h.name.toLowerCase()));
  return [...current, ...wanted.filter((h) => !have.has(h.name.toLowerCase()))];
}
