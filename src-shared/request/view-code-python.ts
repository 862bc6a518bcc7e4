/**
 * "View code" in Python (docs/architecture.md, "View code"): the official `openai` SDK for the
 * endpoints it knows, `requests` for the video task loop, the judge and any other call.
 */
import {
  envComment,
  envVariables,
  KEY_ENV,
  keyHeader,
  sdkBase,
  type SentHeader,
  sendsAuthorization,
  sentHeaders,
  sentHeadersTo,
} from './code-connection';
import { audioExtension, type Body, type CodeRequest, endpointUrl, httpOf, splitQuery } from './code-request';
import { profileAddresses } from '../profiles/profile-address';
import { pythonLiteral } from './python-literal';

/** Keyword arguments the SDK method takes by name; the rest go in `extra_body`. */
const SDK_PARAMS: Record<'chat' | 'embeddings' | 'images' | 'speech', ReadonlySet<string>> = {
  chat: new Set([
    'model',
    'messages',
    'temperature',
    'top_p',
    'max_tokens',
    'stream',
    'stream_options',
    'stop',
    'seed',
    'n',
    'presence_penalty',
    'frequency_penalty',
    'response_format',
    'tools',
    'tool_choice',
    'user',
  ]),
  embeddings: new Set(['model', 'input', 'dimensions', 'encoding_format', 'user']),
  images: new Set(['model', 'prompt', 'n', 'size', 'quality', 'response_format', 'style', 'user']),
  speech: new Set(['model', 'input', 'voice', 'response_format', 'speed', 'instructions']),
};

function splitForSdk(kind: keyof typeof SDK_PARAMS, body: Body): { known: Body; extra: Body } {
  const known: Body = {};
  const extra: Body = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (SDK_PARAMS[kind].has(k)) known[k] = v;
    else extra[k] = v;
  }
  return { known, extra };
}

/** A header's value as a Python expression: a secret one read from the environment. */
function headerValue(h: SentHeader): string {
  if ('text' in h) return pythonLiteral(h.text);
  return h.prefix ? `f"${h.prefix}{os.environ['${h.env}']}"` : `os.environ[${JSON.stringify(h.env)}]`;
}

/** A dict literal of header (or query) entries: on one line when short, else one entry a line. */
function pythonDict(entries: [string, string][], indent: number): string {
  const items = entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`);
  const inline = `{${items.join(', ')}}`;
  if (inline.length <= 70) return inline;
  const pad = '    '.repeat(indent + 1);
  return `{\n${items.map((i) => `${pad}${i},`).join('\n')}\n${'    '.repeat(indent)}}`;
}

const headerDict = (headers: SentHeader[], indent = 0) =>
  pythonDict(
    headers.map((h): [string, string] => [h.name, headerValue(h)]),
    indent,
  );

/** `import os` when the code reads the environment. */
const osImport = (headers: SentHeader[]) => (envVariables(headers).length ? ['import os', ''] : []);

interface SdkClient {
  lines: string[];
  /** The calls must omit the SDK's own `Authorization: Bearer` (see sdkClient). */
  noBearer: boolean;
}

/**
 * The client. The SDK sends its `api_key` as `Authorization: Bearer` on every call. A profile
 * that sends the key in a header of its own, or none, must not send that: the calls pass
 * `extra_headers=NO_BEARER`. An `Omit()` in `default_headers` is not used: openai-python 2.34 and
 * later refuse every call whose Authorization was omitted there and not on the call itself.
 */
function sdkClient(r: CodeRequest): SdkClient {
  const headers = sentHeaders(r);
  const key = keyHeader(r);
  const bearer = (r.auth?.scheme ?? 'bearer') === 'bearer';
  // In the bearer scheme the SDK sends the key itself; any other header goes in default_headers,
  // an Authorization one spelled as the SDK spells it so that it replaces the SDK's.
  const own = (bearer ? headers.filter((h) => !('env' in h && h.env === KEY_ENV)) : headers).map((h) =>
    h.name.toLowerCase() === 'authorization' ? { ...h, name: 'Authorization' } : h,
  );
  const noBearer = !bearer && !sendsAuthorization(own);
  const { baseUrl, query } = sdkBase(profileAddresses(r).baseUrl, r);
  const args = [
    `base_url=${JSON.stringify(baseUrl)}`,
    `api_key=${bearer ? `os.environ[${JSON.stringify(KEY_ENV)}]` : '"unused"'}`,
  ];
  if (own.length) args.push(`default_headers=${headerDict(own, 1)}`);
  const defaultQuery = query.map(([k, v]): [string, string] => [k, pythonLiteral(v)]);
  if (defaultQuery.length) args.push(`default_query=${pythonDict(defaultQuery, 1)}`);
  const client =
    args.length === 2
      ? [`client = OpenAI(${args.join(', ')})`]
      : ['client = OpenAI(', ...args.map((a) => `    ${a},`), ')'];
  return {
    noBearer,
    lines: [
      ...envComment(headers, '#'),
      ...osImport(headers),
      `from openai import OpenAI${noBearer ? ', Omit' : ''}`,
      '',
      ...(noBearer
        ? [
            `# The SDK sends its api_key as "Authorization: Bearer"; this profile sends ${key ? `the key in ${key.name}` : 'no key'},`,
            '# so each call omits that header (Omit needs openai 1.56.2 or later; openai 2.34 and later',
            '# refuse an Authorization omitted only in default_headers).',
          ]
        : []),
      ...client,
      ...(noBearer ? ['NO_BEARER = {"Authorization": Omit()}'] : []),
      '',
    ],
  };
}

function sdkCall(kind: keyof typeof SDK_PARAMS, method: string, client: SdkClient, body: Body): string {
  const { known, extra } = splitForSdk(kind, body);
  const lines = Object.entries(known).map(([k, v]) => `    ${k}=${pythonLiteral(v, 1)},`);
  if (Object.keys(extra).length) lines.push(`    extra_body=${pythonLiteral(extra, 1)},`);
  if (client.noBearer) lines.push('    extra_headers=NO_BEARER,');
  return `client.${method}(\n${lines.join('\n')}\n)`;
}

function videoCode(r: CodeRequest): string {
  const headers = sentHeaders(r);
  const { path, search } = splitQuery(endpointUrl(r));
  const q = search ? ' + QUERY' : '';
  return [
    ...envComment(headers, '#'),
    ...(envVariables(headers).length ? ['import os'] : []),
    'import time',
    '',
    'import requests',
    '',
    `URL = ${JSON.stringify(path)}`,
    ...(search ? [`QUERY = ${JSON.stringify(search)}`] : []),
    `HEADERS = ${headerDict(headers)}`,
    'DONE = {"succeeded", "success", "completed", "failed", "failure", "error", "cancelled", "canceled", "expired"}',
    '',
    `body = ${pythonLiteral(r.body)}`,
    `created = requests.post(URL${q}, json=body, headers=HEADERS, timeout=60)`,
    'created.raise_for_status()',
    'task = created.json()',
    'task_id = task.get("task_id") or task.get("id") or (task.get("data") or {}).get("task_id")',
    'print("task:", task_id)',
    'while True:',
    `    reply = requests.get(f"{URL}/{task_id}${search ? '{QUERY}' : ''}", headers=HEADERS, timeout=60)`,
    '    reply.raise_for_status()',
    '    task = reply.json()',
    '    data = task.get("data") if isinstance(task.get("data"), dict) else task',
    '    status = str(data.get("status") or data.get("state") or "unknown").lower()',
    '    print("status:", status)',
    '    if status in DONE:',
    '        break',
    '    time.sleep(5)',
    'print(task)',
  ].join('\n');
}

/** A call with `requests`: the judge (JSON reply), or any other call as it was logged. */
function requestsCode(r: CodeRequest, call: { method: string; withBody: boolean; auth: boolean }): string {
  // A logged call goes where main sent it: another origin gets no key and no profile header.
  const headers = r.kind === 'http' ? sentHeadersTo(r, endpointUrl(r), call.auth) : sentHeaders(r, call.auth);
  return [
    ...envComment(headers, '#'),
    ...osImport(headers),
    'import requests',
    '',
    ...(call.withBody ? [`body = ${pythonLiteral(r.body)}`] : []),
    ...(r.kind === 'judge'
      ? ['reply = requests.post(']
      : ['reply = requests.request(', `    ${JSON.stringify(call.method)},`]),
    `    ${JSON.stringify(endpointUrl(r))},`,
    ...(call.withBody ? ['    json=body,'] : []),
    ...(headers.length ? [`    headers=${headerDict(headers, 1)},`] : []),
    '    timeout=120,',
    ')',
    'reply.raise_for_status()',
    r.kind === 'judge' ? 'print(reply.json())' : 'print(reply.text)',
  ].join('\n');
}

export function pythonCode(r: CodeRequest): string {
  switch (r.kind) {
    case 'chat': {
      const client = sdkClient(r);
      const call = sdkCall('chat', 'chat.completions.create', client, r.body);
      return [
        ...client.lines,
        ...(r.body.stream
          ? [
              `stream = ${call}`,
              'for chunk in stream:',
              '    if chunk.choices and chunk.choices[0].delta.content:',
              '        print(chunk.choices[0].delta.content, end="", flush=True)',
              'print()',
            ]
          : [`reply = ${call}`, 'print(reply.choices[0].message.content)']),
      ].join('\n');
    }
    case 'embeddings': {
      const client = sdkClient(r);
      return [
        ...client.lines,
        `result = ${sdkCall('embeddings', 'embeddings.create', client, r.body)}`,
        'for item in result.data:',
        '    print(item.index, len(item.embedding), item.embedding[:4])',
      ].join('\n');
    }
    case 'images': {
      const client = sdkClient(r);
      return [
        ...client.lines,
        `result = ${sdkCall('images', 'images.generate', client, r.body)}`,
        'for image in result.data:',
        '    print(image.url or f"{len(image.b64_json or \'\')} base64 characters")',
      ].join('\n');
    }
    case 'speech': {
      const client = sdkClient(r);
      const file = `speech.${audioExtension(r.body)}`;
      return [
        ...client.lines,
        `audio = ${sdkCall('speech', 'audio.speech.create', client, r.body)}`,
        `audio.write_to_file(${JSON.stringify(file)})`,
        `print(${JSON.stringify(`saved ${file}`)})`,
      ].join('\n');
    }
    case 'video':
      return videoCode(r);
    case 'http':
      return requestsCode(r, httpOf(r));
    case 'judge':
      return requestsCode(r, { method: 'POST', withBody: true, auth: true });
  }
}
