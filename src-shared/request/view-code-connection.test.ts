import { describe, expect, it } from 'vitest';
import type { AuthScheme } from '../profiles/profile';
import { setCode, type SetCodeLanguage } from './judge-set-code';
import { type CodeKind, type CodeLanguage, type CodeRequest, generateCode } from './view-code';

/**
 * View code for a profile with its own auth scheme, extra headers (one secret) and query: the code
 * sends what main sends (docs/architecture.md, "View code"). view-code-profile.peer.test.ts runs it.
 */
const CANARY = 'pk-canary-5e3f9a1b7c';
const BASE = 'https://gw.example/api/v3?api-version=2024-10-21';
const QUERY = 'api-version=2024-10-21&trace=on';

const SCHEMES: Record<string, AuthScheme | undefined> = {
  bearer: undefined,
  'api-key': { scheme: 'header', header: 'api-key' },
  none: { scheme: 'none' },
};
type Scheme = keyof typeof SCHEMES;

const KINDS: CodeKind[] = ['chat', 'embeddings', 'images', 'speech', 'video', 'judge', 'http'];
const SDK_KINDS = new Set<CodeKind>(['chat', 'embeddings', 'images', 'speech']);
const LANGUAGES: CodeLanguage[] = ['curl', 'python', 'node'];

/** The secret header arrives here with its value on purpose: the code must still never write it. */
const request = (scheme: Scheme, kind: CodeKind): CodeRequest => ({
  kind,
  host: BASE,
  baseUrl: BASE,
  judgeSegment: 'partner',
  auth: SCHEMES[scheme],
  headers: [
    { name: 'x-provider', value: 'openai' },
    { name: 'x-portkey-api-key', value: CANARY, secret: true },
  ],
  query: [{ name: 'trace', value: 'on' }],
  body: { model: 'm', messages: [{ role: 'user', content: 'hi' }], input: 'hi', prompt: 'p' },
  http: { method: 'GET', path: `/api/v3/models?${QUERY}`, auth: true, withBody: false },
});

const cases = Object.keys(SCHEMES).flatMap((scheme) =>
  LANGUAGES.flatMap((language) => KINDS.map((kind) => ({ scheme, language, kind }))),
);

/** What carries the key in each language, and what the SDK code does about its own Bearer. */
function expectKey(code: string, scheme: Scheme, language: CodeLanguage, kind: CodeKind) {
  const sdk = language !== 'curl' && SDK_KINDS.has(kind);
  if (scheme === 'none') expect(code).not.toContain('GATEWAY_API_KEY');
  if (language === 'curl') {
    if (scheme === 'bearer') expect(code).toContain('-H "Authorization: Bearer $GATEWAY_API_KEY"');
    else expect(code).not.toMatch(/Authorization/i);
    if (scheme === 'api-key') expect(code).toContain('-H "api-key: $GATEWAY_API_KEY"');
    return;
  }
  if (language === 'python') {
    if (sdk && scheme === 'bearer') {
      expect(code).toContain('api_key=os.environ["GATEWAY_API_KEY"]');
      expect(code).not.toContain('Omit');
    } else if (sdk) {
      // The SDK would send its api_key as a Bearer: each call omits it.
      expect(code).toContain('NO_BEARER = {"Authorization": Omit()}');
      expect(code).toMatch(/\n {4}extra_headers=NO_BEARER,\n\)/);
    } else if (scheme === 'bearer')
      expect(code).toContain(`"Authorization": f"Bearer {os.environ['GATEWAY_API_KEY']}"`);
    else expect(code).not.toContain('Authorization');
    if (scheme === 'api-key') expect(code).toContain('"api-key": os.environ["GATEWAY_API_KEY"]');
    return;
  }
  if (sdk && scheme === 'bearer') {
    expect(code).toContain('apiKey: process.env.GATEWAY_API_KEY');
    expect(code).not.toContain('Authorization: null');
  } else if (sdk) {
    expect(code).toContain("apiKey: 'unused'");
    expect(code).toContain('Authorization: null');
  } else if (scheme === 'bearer')
    expect(code).toContain('Authorization: `Bearer ${process.env.GATEWAY_API_KEY}`');
  else expect(code).not.toContain('Authorization');
  if (scheme === 'api-key') expect(code).toContain('"api-key": process.env.GATEWAY_API_KEY');
}

/** Every address carries the base URL's query and the profile's; the SDKs get both as a default query. */
function expectQuery(code: string, language: CodeLanguage, kind: CodeKind) {
  if (language !== 'curl' && SDK_KINDS.has(kind)) {
    expect(code).toMatch(/base_?URL[=:] ?"https:\/\/gw\.example\/api\/v3"/i);
    expect(code).toMatch(
      language === 'python'
        ? /default_query=\{"api-version": "2024-10-21", "trace": "on"\}/
        : /defaultQuery: \{ "api-version": "2024-10-21", trace: "on" \}/,
    );
    return;
  }
  const urls = code.match(/https:\/\/gw\.example[^\s'"]*/g) ?? [];
  expect(urls.length).toBeGreaterThan(0);
  // The judgement address is derived from the base URL's path, not its query (profile-address.ts).
  const query = kind === 'judge' ? 'trace=on' : QUERY;
  for (const url of urls) {
    // The video task's address is kept apart from its query, so that the poll can put the task id between them.
    if (kind === 'video' && !url.includes('?')) expect(code).toContain(`?${query}`);
    else expect(url).toMatch(new RegExp(`\\?${query}$`));
  }
}

describe('View code sends the profile’s key, headers and query', () => {
  it.each(cases)('$scheme, $language, $kind', ({ scheme, language, kind }) => {
    const code = generateCode(request(scheme, kind), language);
    expect(code).not.toContain(CANARY);
    expectKey(code, scheme, language, kind);
    expectQuery(code, language, kind);
    // The plain header as typed; the secret one from its variable, named in the comment line.
    expect(code).toMatch(/x-provider["']?: ["']?openai/);
    expect(code).toMatch(
      language === 'curl'
        ? /-H "x-portkey-api-key: \$GATEWAY_HEADER_X_PORTKEY_API_KEY"/
        : language === 'python'
          ? /"x-portkey-api-key": os\.environ\["GATEWAY_HEADER_X_PORTKEY_API_KEY"\]/
          : /"x-portkey-api-key": process\.env\.GATEWAY_HEADER_X_PORTKEY_API_KEY/,
    );
    const note = code.split('\n').find((l) => l.includes('Set in the environment first'));
    expect(note).toMatch(/^(#|\/\/) /);
    expect(note).toContain('GATEWAY_HEADER_X_PORTKEY_API_KEY');
    expect(note?.includes('GATEWAY_API_KEY (the gateway key)')).toBe(scheme !== 'none');
  });

  it('fetches a result link on another origin with neither the key nor any profile header, as main does', () => {
    const r = {
      ...request('api-key', 'http'),
      http: { method: 'GET', path: 'https://cdn.example/a.png?sig=1', auth: false, withBody: false },
    };
    for (const language of LANGUAGES) {
      const code = generateCode(r, language);
      expect(code).not.toContain('GATEWAY_API_KEY');
      expect(code).toContain('https://cdn.example/a.png?sig=1');
      expect(code).not.toContain('GATEWAY_HEADER_X_PORTKEY_API_KEY');
      expect(code).not.toContain('x-provider');
    }
  });

  it('fetches a link on the gateway’s own origin without the key but with its headers', () => {
    const r = {
      ...request('api-key', 'http'),
      http: { method: 'GET', path: `${new URL(BASE).origin}/files/a.png`, auth: false, withBody: false },
    };
    for (const language of LANGUAGES) {
      const code = generateCode(r, language);
      expect(code).not.toContain('GATEWAY_API_KEY');
      expect(code).toContain('GATEWAY_HEADER_X_PORTKEY_API_KEY');
    }
  });

  it('sends a key header named Authorization bare, and the SDKs keep theirs out of the way', () => {
    const r = { ...request('bearer', 'chat'), auth: { scheme: 'header', header: 'Authorization' } } as const;
    expect(generateCode(r, 'curl')).toContain('-H "Authorization: $GATEWAY_API_KEY"');
    const python = generateCode(r, 'python');
    expect(python).toContain('"Authorization": os.environ["GATEWAY_API_KEY"]');
    expect(python).not.toContain('Omit');
    const node = generateCode(r, 'node');
    expect(node).toContain('Authorization: process.env.GATEWAY_API_KEY');
    expect(node).not.toContain('Authorization: null');
  });
});

describe('the question set as code sends the profile’s key, headers and query', () => {
  const input = (scheme: Scheme) => ({
    ...request(scheme, 'judge'),
    setName: 'S',
    questions: [],
    tuning: undefined,
    model: 'judge-1.13.0',
  });
  const LANGS: SetCodeLanguage[] = ['typescript', 'python', 'curl'];
  const KEY: Record<SetCodeLanguage, Record<'bearer' | 'api-key', string>> = {
    typescript: {
      bearer: '"Authorization": `Bearer ${need(\'GATEWAY_API_KEY\')}`',
      'api-key': `"api-key": need('GATEWAY_API_KEY')`,
    },
    python: {
      bearer: `"Authorization": f"Bearer {need('GATEWAY_API_KEY')}"`,
      'api-key': '"api-key": need("GATEWAY_API_KEY")',
    },
    curl: {
      bearer: '-H "Authorization: Bearer $GATEWAY_API_KEY"',
      'api-key': '-H "api-key: $GATEWAY_API_KEY"',
    },
  };

  it.each(Object.keys(SCHEMES).flatMap((scheme) => LANGS.map((language) => ({ scheme, language }))))(
    '$scheme, $language',
    ({ scheme, language }) => {
      const code = setCode(input(scheme), language);
      expect(code).not.toContain(CANARY);
      expect(code).toContain('https://gw.example/api/v3/partner/v1/systemone?trace=on');
      expect(code).toContain('GATEWAY_HEADER_X_PORTKEY_API_KEY');
      expect(code).toMatch(/x-provider["']?: ["']?openai/);
      if (scheme === 'none') {
        expect(code).not.toContain('GATEWAY_API_KEY');
        expect(code).not.toContain('Authorization');
      } else {
        expect(code).toContain(KEY[language][scheme as 'bearer' | 'api-key']);
        if (scheme === 'api-key') expect(code).not.toContain('Authorization');
      }
    },
  );
});
