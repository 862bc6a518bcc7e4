import type { IncomingHttpHeaders } from 'node:http';
import { loopbackServer } from '../gateway/loopback-server.test-helper';

/** One request as the peer received it: `url` is the path and query exactly as sent. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]);

/** The smallest reply each endpoint's readers (the app's and the official SDKs') accept. */
function answer(method: string, path: string): { type: string; body: string | Buffer } {
  const json = (v: unknown) => ({ type: 'application/json', body: JSON.stringify(v) });
  if (path.endsWith('/chat/completions'))
    return json({
      id: 'c1',
      object: 'chat.completion',
      created: 0,
      model: 'peer-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } }],
    });
  if (path.endsWith('/embeddings'))
    return json({
      object: 'list',
      model: 'peer-model',
      data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2, 0.3] }],
      usage: { prompt_tokens: 1, total_tokens: 1 },
    });
  if (path.endsWith('/images/generations')) return json({ created: 0, data: [{ b64_json: 'aGVsbG8=' }] });
  if (path.endsWith('/audio/speech')) return { type: 'audio/wav', body: WAV };
  if (path.endsWith('/video/generations') && method === 'POST')
    return json({ task_id: 't1', status: 'queued' });
  if (path.endsWith('/video/generations/t1')) return json({ task_id: 't1', status: 'succeeded' });
  if (path.endsWith('/v1/systemone'))
    return json({ model: 'judge-1.13.0', answers: { tone: { choice: 'calm' }, refund: { noul: 0.9 } } });
  if (path.endsWith('/models'))
    return json({ object: 'list', data: [{ id: 'peer-model', object: 'model' }] });
  return { type: 'text/plain', body: 'no such endpoint' };
}

/** A loopback gateway that answers every endpoint View code calls and records what it received. */
export async function codePeer() {
  const seen: Seen[] = [];
  const server = await loopbackServer((req, res) => {
    const url = req.url ?? '/';
    seen.push({ method: req.method ?? '', url, headers: req.headers });
    const { type, body } = answer(req.method ?? '', url.split('?')[0]);
    res.writeHead(type === 'text/plain' ? 404 : 200, { 'Content-Type': type });
    res.end(body);
  });
  return { origin: server.host, seen, close: server.close };
}
