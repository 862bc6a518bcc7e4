/**
 * "View code" in Node (docs/architecture.md, "View code"): the official `openai` SDK for the
 * endpoints it knows, `fetch` for the video task loop, the judge and any other call.
 */
import {
  envComment,
  KEY_ENV,
  keyHeader,
  sdkBase,
  type SentHeader,
  sendsAuthorization,
  sentHeaders,
  sentHeadersTo,
} from './code-connection';
import { audioExtension, type CodeRequest, endpointUrl, httpOf, splitQuery } from './code-request';
import { profileAddresses } from '../profiles/profile-address';

/** A property name: bare when it is an identifier (a header name has no `"` or `\`). */
const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** An object literal: on one line when short, else one property a line. */
function jsObject(entries: [string, string][], indent: number): string {
  const items = entries.map(([k, v]) => `${jsKey(k)}: ${v}`);
  const inline = `{ ${items.join(', ')} }`;
  if (inline.length <= 80) return items.length ? inline : '{}';
  const pad = '  '.repeat(indent + 1);
  return `{\n${items.map((i) => `${pad}${i},`).join('\n')}\n${'  '.repeat(indent)}}`;
}

/** A header's value as a JavaScript expression: a secret one read from the environment. */
function headerValue(h: SentHeader): string {
  if ('text' in h) return JSON.stringify(h.text);
  return h.prefix ? `\`${h.prefix}\${process.env.${h.env}}\`` : `process.env.${h.env}`;
}

const headerEntries = (headers: SentHeader[]): [string, string][] =>
  headers.map((h) => [h.name, headerValue(h)]);

const JSON_TYPE: [string, string] = ['Content-Type', '"application/json"'];

/**
 * The client. The SDK sends its `apiKey` as `Authorization: Bearer` on every call; a profile that
 * sends the key in a header of its own, or none, removes that header with `Authorization: null`
 * in `defaultHeaders` (openai-node drops a header whose value is null). The SDK refuses to start
 * without an apiKey, so it gets one it never sends.
 */
function sdkHead(r: CodeRequest, imports: string[] = []): string[] {
  const headers = sentHeaders(r);
  const bearer = (r.auth?.scheme ?? 'bearer') === 'bearer';
  const key = keyHeader(r);
  // In the bearer scheme the SDK sends the key itself; every other header goes in defaultHeaders.
  const own = bearer ? headers.filter((h) => !('env' in h && h.env === KEY_ENV)) : headers;
  const noBearer = !bearer && !sendsAuthorization(own);
  const { baseUrl, query } = sdkBase(profileAddresses(r).baseUrl, r);
  const defaultHeaders = headerEntries(own);
  if (noBearer) defaultHeaders.push(['Authorization', 'null']);
  const options: [string, string][] = [
    ['baseURL', JSON.stringify(baseUrl)],
    ['apiKey', bearer ? `process.env.${KEY_ENV}` : "'unused'"],
  ];
  if (defaultHeaders.length) options.push(['defaultHeaders', jsObject(defaultHeaders, 1)]);
  const defaultQuery = query.map(([k, v]): [string, string] => [k, JSON.stringify(v)]);
  if (defaultQuery.length) options.push(['defaultQuery', jsObject(defaultQuery, 1)]);
  const client =
    options.length === 2
      ? [`const client = new OpenAI({ ${options.map(([k, v]) => `${k}: ${v}`).join(', ')} });`]
      : ['const client = new OpenAI({', ...options.map(([k, v]) => `  ${jsKey(k)}: ${v},`), '});'];
  return [
    ...envComment(headers, '//'),
    ...imports,
    "import OpenAI from 'openai';",
    '',
    ...(noBearer
      ? [
          `// The SDK sends its apiKey as "Authorization: Bearer"; this profile sends ${key ? `the key in ${key.name}` : 'no key'},`,
          '// so Authorization: null removes that header (the SDK still wants an apiKey, never sent).',
        ]
      : []),
    ...client,
    '',
  ];
}

function videoCode(r: CodeRequest, body: string): string {
  const headers = sentHeaders(r);
  const { path, search } = splitQuery(endpointUrl(r));
  return [
    ...envComment(headers, '//'),
    `const url = ${JSON.stringify(path)};`,
    ...(search ? [`const query = ${JSON.stringify(search)};`] : []),
    `const headers = ${jsObject([...headerEntries(headers), JSON_TYPE], 0)};`,
    "const done = new Set(['succeeded', 'success', 'completed', 'failed', 'failure', 'error', 'cancelled', 'canceled', 'expired']);",
    '',
    `const created = await fetch(url${search ? ' + query' : ''}, { method: 'POST', headers, body: JSON.stringify(${body}) });`,
    'if (!created.ok) throw new Error(`HTTP ${created.status}: ${await created.text()}`);',
    'let task = await created.json();',
    'const taskId = task.task_id ?? task.id ?? task.data?.task_id;',
    "console.log('task:', taskId);",
    'for (;;) {',
    `  const reply = await fetch(\`\${url}/\${taskId}${search ? '${query}' : ''}\`, { headers });`,
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
}

/** A call with `fetch`: the judge (JSON reply), or any other call as it was logged. */
function fetchCode(
  r: CodeRequest,
  call: { method: string; withBody: boolean; auth: boolean },
  body: string,
): string {
  // A logged call goes where main sent it: another origin gets no key and no profile header.
  const headers = r.kind === 'http' ? sentHeadersTo(r, endpointUrl(r), call.auth) : sentHeaders(r, call.auth);
  const entries = [...headerEntries(headers), ...(call.withBody ? [JSON_TYPE] : [])];
  return [
    ...envComment(headers, '//'),
    `const reply = await fetch(${JSON.stringify(endpointUrl(r))}, {`,
    `  method: ${call.method === 'POST' ? "'POST'" : JSON.stringify(call.method)},`,
    ...(entries.length ? [`  headers: ${jsObject(entries, 1)},`] : []),
    ...(call.withBody ? [`  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),`] : []),
    '});',
    'if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);',
    r.kind === 'judge'
      ? 'console.log(JSON.stringify(await reply.json(), null, 2));'
      : 'console.log(await reply.text());',
  ].join('\n');
}

export function nodeCode(r: CodeRequest): string {
  const body = JSON.stringify(r.body, null, 2);
  switch (r.kind) {
    case 'chat':
      return [
        ...sdkHead(r),
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
        ...sdkHead(r),
        `const result = await client.embeddings.create(${body});`,
        'for (const item of result.data) console.log(item.index, item.embedding.length, item.embedding.slice(0, 4));',
      ].join('\n');
    case 'images':
      return [
        ...sdkHead(r),
        `const result = await client.images.generate(${body});`,
        'for (const image of result.data ?? []) console.log(image.url ?? `${image.b64_json?.length ?? 0} base64 characters`);',
      ].join('\n');
    case 'speech': {
      const file = `speech.${audioExtension(r.body)}`;
      return [
        ...sdkHead(r, ["import { writeFile } from 'node:fs/promises';"]),
        `const audio = await client.audio.speech.create(${body});`,
        `await writeFile(${JSON.stringify(file)}, Buffer.from(await audio.arrayBuffer()));`,
        `console.log(${JSON.stringify(`saved ${file}`)});`,
      ].join('\n');
    }
    case 'video':
      return videoCode(r, body);
    case 'http':
      return fetchCode(r, httpOf(r), body);
    case 'judge':
      return fetchCode(r, { method: 'POST', withBody: true, auth: true }, body);
  }
}
