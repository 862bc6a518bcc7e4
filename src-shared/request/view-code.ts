/**
 * "View code": the request a form would send, as code a developer can paste — curl, Python and
 * Node. The OpenAI-compatible endpoints use the official `openai` SDKs; the video task loop and
 * the judge, which the SDKs do not know, use `requests` and `fetch`. The key is always read from
 * the environment (GATEWAY_API_KEY), never written into the code. docs/architecture.md, "View code".
 */
import { normalizeHost, shellQuote } from './gateway-address';
import { endpointAt, profileAddresses } from '../profiles/profile-address';
import { pythonLiteral } from './python-literal';

/** `http`: any other call (a model list, a task poll), sent as the request log recorded it. */
export type CodeKind = 'chat' | 'embeddings' | 'images' | 'speech' | 'video' | 'judge' | 'http';
export type CodeLanguage = 'curl' | 'python' | 'node';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['curl', 'python', 'node'];
export const KEY_ENV = 'GATEWAY_API_KEY';

export interface CodeRequest {
  kind: CodeKind;
  /** The profile's host as typed (with or without /v1). */
  host: string;
  /** The judge endpoint's path segment (`{host}/{segment}/v1/systemone`). */
  judgeSegment: string;
  /** The profile's base URL as it calls it (src-shared/profiles/profile-address.ts); absent: `{host}/v1`. */
  baseUrl?: string;
  /** The profile's judgement endpoint; absent: derived from the base URL and segment. */
  judgeUrl?: string;
  body: Record<string, unknown>;
  /** For `http` only: the method, and where (see HttpCall). */
  http?: HttpCall;
}

export interface HttpCall {
  method: string;
  /** A path under the profile's host (`/v1/models`), or a whole address kept as it was called. */
  path: string;
  /** Sends the key (a result file's signed link is fetched without one). */
  auth: boolean;
  /** Sends `body` as JSON. */
  withBody: boolean;
}

type Body = Record<string, unknown>;

const PATHS: Record<Exclude<CodeKind, 'judge' | 'http'>, string> = {
  chat: 'chat/completions',
  embeddings: 'embeddings',
  images: 'images/generations',
  speech: 'audio/speech',
  video: 'video/generations',
};

export function endpointUrl(
  r: Pick<CodeRequest, 'kind' | 'host' | 'judgeSegment' | 'http' | 'baseUrl' | 'judgeUrl'>,
): string {
  if (r.kind === 'judge') return profileAddresses(r).judgeUrl;
  if (r.kind === 'http') {
    const path = r.http?.path ?? '/';
    return /^https?:\/\//i.test(path) ? path : `${normalizeHost(r.host)}${path}`;
  }
  return endpointAt(profileAddresses(r).baseUrl, PATHS[r.kind]);
}

export function generateCode(r: CodeRequest, language: CodeLanguage): string {
  if (language === 'curl') return curlCode(r);
  return language === 'python' ? pythonCode(r) : nodeCode(r);
}

// ---- curl ----

function curlPost(url: string, body: Body, extra: string[] = []): string {
  return [
    `curl -sS ${[...extra, shellQuote(url)].join(' ')}`,
    `  -H "Authorization: Bearer $${KEY_ENV}"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n');
}

function curlHttp(url: string, call: HttpCall, body: Body): string {
  return [
    `curl -sS -X ${call.method} ${shellQuote(url)}`,
    ...(call.auth ? [`  -H "Authorization: Bearer $${KEY_ENV}"`] : []),
    ...(call.withBody
      ? [`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(body, null, 2))}`]
      : []),
  ].join(' \\\n');
}

function curlCode(r: CodeRequest): string {
  const url = endpointUrl(r);
  switch (r.kind) {
    case 'http':
      return curlHttp(url, httpOf(r), r.body);
    case 'chat':
      // -N: print the stream as it arrives.
      return curlPost(url, r.body, r.body.stream ? ['-N'] : []);
    case 'speech':
      return `${curlPost(url, r.body)} \\\n  -o speech.${audioExtension(r.body)}`;
    case 'video':
      return [
        '# Create the task, then ask for it until it has finished (needs jq).',
        `TASK=$(${curlPost(url, r.body)} | jq -r '.task_id // .id // .data.task_id')`,
        'echo "task: $TASK"',
        'while :; do',
        `  REPLY=$(curl -sS ${shellQuote(`${url}/`)}"$TASK" -H "Authorization: Bearer $${KEY_ENV}")`,
        `  STATUS=$(echo "$REPLY" | jq -r '.status // .data.status // .state // "unknown"' | tr A-Z a-z)`,
        '  echo "status: $STATUS"',
        '  case "$STATUS" in succeeded|success|completed|failed|failure|error|cancelled|canceled|expired) break;; esac',
        '  sleep 5',
        'done',
        'echo "$REPLY"',
      ].join('\n');
    default:
      return curlPost(url, r.body);
  }
}

// ---- Python ----

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

function pythonKwargs(known: Body, extra: Body): string {
  const lines = Object.entries(known).map(([k, v]) => `    ${k}=${pythonLiteral(v, 1)},`);
  if (Object.keys(extra).length) lines.push(`    extra_body=${pythonLiteral(extra, 1)},`);
  return lines.join('\n');
}

function pythonCode(r: CodeRequest): string {
  const base = profileAddresses(r).baseUrl;
  const sdkHead = [
    'import os',
    '',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${JSON.stringify(base)}, api_key=os.environ[${JSON.stringify(KEY_ENV)}])`,
    '',
  ];
  switch (r.kind) {
    case 'chat': {
      const { known, extra } = splitForSdk('chat', r.body);
      const call = `client.chat.completions.create(\n${pythonKwargs(known, extra)}\n)`;
      return [
        ...sdkHead,
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
      const { known, extra } = splitForSdk('embeddings', r.body);
      return [
        ...sdkHead,
        `result = client.embeddings.create(\n${pythonKwargs(known, extra)}\n)`,
        'for item in result.data:',
        '    print(item.index, len(item.embedding), item.embedding[:4])',
      ].join('\n');
    }
    case 'images': {
      const { known, extra } = splitForSdk('images', r.body);
      return [
        ...sdkHead,
        `result = client.images.generate(\n${pythonKwargs(known, extra)}\n)`,
        'for image in result.data:',
        '    print(image.url or f"{len(image.b64_json or \'\')} base64 characters")',
      ].join('\n');
    }
    case 'speech': {
      const { known, extra } = splitForSdk('speech', r.body);
      const file = `speech.${audioExtension(r.body)}`;
      return [
        ...sdkHead,
        `audio = client.audio.speech.create(\n${pythonKwargs(known, extra)}\n)`,
        `audio.write_to_file(${JSON.stringify(file)})`,
        `print(${JSON.stringify(`saved ${file}`)})`,
      ].join('\n');
    }
    case 'video':
      return [
        'import os',
        'import time',
        '',
        'import requests',
        '',
        `URL = ${JSON.stringify(endpointUrl(r))}`,
        `HEADERS = {"Authorization": f"Bearer {os.environ['${KEY_ENV}']}"}`,
        'DONE = {"succeeded", "success", "completed", "failed", "failure", "error", "cancelled", "canceled", "expired"}',
        '',
        `body = ${pythonLiteral(r.body)}`,
        'created = requests.post(URL, json=body, headers=HEADERS, timeout=60)',
        'created.raise_for_status()',
        'task = created.json()',
        'task_id = task.get("task_id") or task.get("id") or (task.get("data") or {}).get("task_id")',
        'print("task:", task_id)',
        'while True:',
        '    reply = requests.get(f"{URL}/{task_id}", headers=HEADERS, timeout=60)',
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
    case 'http': {
      const call = httpOf(r);
      const args = [
        `    ${JSON.stringify(call.method)},`,
        `    ${JSON.stringify(endpointUrl(r))},`,
        ...(call.withBody ? ['    json=body,'] : []),
        ...(call.auth ? [`    headers={"Authorization": f"Bearer {os.environ['${KEY_ENV}']}"},`] : []),
        '    timeout=120,',
      ];
      return [
        ...(call.auth ? ['import os', ''] : []),
        'import requests',
        '',
        ...(call.withBody ? [`body = ${pythonLiteral(r.body)}`] : []),
        'reply = requests.request(',
        ...args,
        ')',
        'reply.raise_for_status()',
        'print(reply.text)',
      ].join('\n');
    }
    case 'judge':
      return [
        'import os',
        '',
        'import requests',
        '',
        `body = ${pythonLiteral(r.body)}`,
        'reply = requests.post(',
        `    ${JSON.stringify(endpointUrl(r))},`,
        `    json=body,`,
        `    headers={"Authorization": f"Bearer {os.environ['${KEY_ENV}']}"},`,
        '    timeout=120,',
        ')',
        'reply.raise_for_status()',
        'print(reply.json())',
      ].join('\n');
  }
}

// ---- Node ----

function nodeCode(r: CodeRequest): string {
  const base = profileAddresses(r).baseUrl;
  const body = JSON.stringify(r.body, null, 2);
  const sdkHead = [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ baseURL: ${JSON.stringify(base)}, apiKey: process.env.${KEY_ENV} });`,
    '',
  ];
  switch (r.kind) {
    case 'chat':
      return [
        ...sdkHead,
        ...(r.body.stream
          ? [
              `const stream = await client.chat.completions.create(${body});`,
              'for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
              'process.stdout.write("\\n");',
            ]
          : [
              `const reply = await client.chat.completions.create(${body});`,
              'console.log(reply.choices[0].message.content);',
            ]),
      ].join('\n');
    case 'embeddings':
      return [
        ...sdkHead,
        `const result = await client.embeddings.create(${body});`,
        'for (const item of result.data) console.log(item.index, item.embedding.length, item.embedding.slice(0, 4));',
      ].join('\n');
    case 'images':
      return [
        ...sdkHead,
        `const result = await client.images.generate(${body});`,
        'for (const image of result.data ?? []) console.log(image.url ?? `${image.b64_json?.length ?? 0} base64 characters`);',
      ].join('\n');
    case 'speech': {
      const file = `speech.${audioExtension(r.body)}`;
      return [
        "import { writeFile } from 'node:fs/promises';",
        ...sdkHead,
        `const audio = await client.audio.speech.create(${body});`,
        `await writeFile(${JSON.stringify(file)}, Buffer.from(await audio.arrayBuffer()));`,
        `console.log(${JSON.stringify(`saved ${file}`)});`,
      ].join('\n');
    }
    case 'video':
      return [
        `const url = ${JSON.stringify(endpointUrl(r))};`,
        `const headers = { Authorization: \`Bearer \${process.env.${KEY_ENV}}\`, 'Content-Type': 'application/json' };`,
        "const done = new Set(['succeeded', 'success', 'completed', 'failed', 'failure', 'error', 'cancelled', 'canceled', 'expired']);",
        '',
        `const created = await fetch(url, { method: 'POST', headers, body: JSON.stringify(${body}) });`,
        'if (!created.ok) throw new Error(`HTTP ${created.status}: ${await created.text()}`);',
        'let task = await created.json();',
        'const taskId = task.task_id ?? task.id ?? task.data?.task_id;',
        "console.log('task:', taskId);",
        'for (;;) {',
        '  const reply = await fetch(`${url}/${taskId}`, { headers });',
        '  if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);',
        '  task = await reply.json();',
        '  const data = task.data && typeof task.data === "object" ? task.data : task;',
        "  const status = String(data.status ?? data.state ?? 'unknown').toLowerCase();",
        "  console.log('status:', status);",
        '  if (done.has(status)) break;',
        '  await new Promise((r) => setTimeout(r, 5000));',
        '}',
        'console.log(JSON.stringify(task, null, 2));',
      ].join('\n');
    case 'http': {
      const call = httpOf(r);
      const headers = [
        ...(call.auth ? [`Authorization: \`Bearer \${process.env.${KEY_ENV}}\``] : []),
        ...(call.withBody ? ["'Content-Type': 'application/json'"] : []),
      ];
      return [
        `const reply = await fetch(${JSON.stringify(endpointUrl(r))}, {`,
        `  method: ${JSON.stringify(call.method)},`,
        ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
        ...(call.withBody ? [`  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),`] : []),
        '});',
        'if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);',
        'console.log(await reply.text());',
      ].join('\n');
    }
    case 'judge':
      return [
        `const reply = await fetch(${JSON.stringify(endpointUrl(r))}, {`,
        "  method: 'POST',",
        `  headers: { Authorization: \`Bearer \${process.env.${KEY_ENV}}\`, 'Content-Type': 'application/json' },`,
        `  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),`,
        '});',
        'if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);',
        'console.log(JSON.stringify(await reply.json(), null, 2));',
      ].join('\n');
  }
}

function httpOf(r: CodeRequest): HttpCall {
  return r.http ?? { method: 'GET', path: '/v1/models', auth: true, withBody: false };
}

function audioExtension(body: Body): string {
  const format = typeof body.response_format === 'string' ? body.response_format : 'mp3';
  return /^[a-z0-9]{2,5}$/.test(format) ? format : 'mp3';
}
