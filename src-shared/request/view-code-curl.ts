/** "View code" as a curl command (docs/architecture.md, "View code"). */
import { envComment, type SentHeader, sentHeaders, sentHeadersTo } from './code-connection';
import { audioExtension, type Body, type CodeRequest, endpointUrl, httpOf, splitQuery } from './code-request';
import { type CodeFile, hasMarkers, shellBodyFile } from './code-files';
import { shellQuote } from './gateway-address';

/** One `-H`: a value from the environment goes in double quotes, where the shell expands it. */
export function curlHeader(h: SentHeader): string {
  if ('text' in h) return `-H ${shellQuote(`${h.name}: ${h.text}`)}`;
  // A header name may hold `$` or a backquote, which double quotes would expand: such a name is single-quoted apart.
  return /^[A-Za-z0-9_.-]+$/.test(h.name)
    ? `-H "${h.name}: ${h.prefix}$${h.env}"`
    : `-H ${shellQuote(`${h.name}: ${h.prefix}`)}"$${h.env}"`;
}

function curlPost(
  url: string,
  headers: SentHeader[],
  body: Body,
  extra: string[] = [],
  files: readonly CodeFile[] = [],
): string {
  const json = JSON.stringify(body, null, 2);
  const withFiles = files.length > 0 && hasMarkers(json);
  const post = [
    `curl -sS ${[...extra, shellQuote(url)].join(' ')}`,
    ...headers.map((h) => `  ${curlHeader(h)}`),
    `  -H 'Content-Type: application/json'`,
    `  -d ${withFiles ? '@body.json' : shellQuote(json)}`,
  ].join(' \\\n');
  return withFiles ? [...shellBodyFile(json, files), post].join('\n') : post;
}

function curlHttp(r: CodeRequest): string {
  const call = httpOf(r);
  return [
    `curl -sS -X ${call.method} ${shellQuote(endpointUrl(r))}`,
    ...sentHeadersTo(r, endpointUrl(r), call.auth).map((h) => `  ${curlHeader(h)}`),
    ...(call.withBody
      ? [`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(r.body, null, 2))}`]
      : []),
  ].join(' \\\n');
}

function curlVideo(url: string, headers: SentHeader[], body: Body): string {
  const { path, search } = splitQuery(url);
  const poll = `${shellQuote(`${path}/`)}"$TASK"${search ? shellQuote(search) : ''}`;
  return [
    '# Create the task, then ask for it until it has finished (needs jq).',
    `TASK=$(${curlPost(url, headers, body)} | jq -r '.task_id // .id // .data.task_id')`,
    'echo "task: $TASK"',
    'while :; do',
    `  REPLY=$(curl -sS ${[poll, ...headers.map(curlHeader)].join(' ')})`,
    `  STATUS=$(echo "$REPLY" | jq -r '.status // .data.status // .state // "unknown"' | tr A-Z a-z)`,
    '  echo "status: $STATUS"',
    '  case "$STATUS" in succeeded|success|completed|failed|failure|error|cancelled|canceled|expired) break;; esac',
    '  sleep 5',
    'done',
    'echo "$REPLY"',
  ].join('\n');
}

function command(r: CodeRequest, headers: SentHeader[]): string {
  const url = endpointUrl(r);
  switch (r.kind) {
    case 'http':
      return curlHttp(r);
    case 'chat':
      // -N: print the stream as it arrives.
      return curlPost(url, headers, r.body, r.body.stream ? ['-N'] : [], r.files);
    case 'speech':
      return `${curlPost(url, headers, r.body)} \\\n  -o speech.${audioExtension(r.body)}`;
    case 'video':
      return curlVideo(url, headers, r.body);
    default:
      return curlPost(url, headers, r.body);
  }
}

export function curlCode(r: CodeRequest): string {
  const headers = r.kind === 'http' ? sentHeadersTo(r, endpointUrl(r), httpOf(r).auth) : sentHeaders(r);
  return [...envComment(headers, '#'), command(r, headers)].join('\n');
}
