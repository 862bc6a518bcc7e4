import { afterEach, describe, expect, it } from 'vitest';
import { listModels } from '../gateway/models-api';
import { loopbackServer } from '../gateway/loopback-server.test-helper';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { testServices } from '../../ipc/services.test-helper';
import { KEY_REMOVED } from './key-scrubber';

const CANARY = 'sk-canary-echo-7f3a9c2e51d04b68';

/** A gateway that repeats the key it was sent: in a 401 body, and inside a streamed reply. */
async function echoingGateway() {
  return loopbackServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.url?.endsWith('/models')) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const say = (content: string) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    // The key split across two events and two TCP writes, as a model quoting it would send it.
    res.write(say(`You sent ${key.slice(0, 9)}`));
    setTimeout(() => {
      res.write(say(`${key.slice(9)}, thanks.`));
      res.end('data: [DONE]\n\n');
    }, 20);
  });
}

let close: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(close.map((c) => c()));
  close = [];
});

describe('a gateway that echoes the key', () => {
  it('never gets the key into a conversation, the request log, an error or an event', async () => {
    const gw = await echoingGateway();
    const t = testServices();
    close.push(gw.close, t.close);
    const p = t.services.profiles.save({ name: 'Echo', kind: 'openai-compatible', host: `${gw.host}/v1` });
    await t.services.vault.set(p.id, CANARY);
    t.services.profiles.activate(p.id);

    const error = await listModels(t.services.client, await t.services.profiles.target()).catch((e) => e);
    expect(error.toAppError().details.gatewayMessage).toBe(`Incorrect API key provided: ${KEY_REMOVED}`);

    const rec = recordingSubscriber();
    const sink = new StreamHub().subscribe(rec.subscriber, 'reply-echo');
    const { conversationId } = await t.services.chat.start(
      { model: 'm', messages: [{ role: 'user', content: 'repeat my key' }] },
      sink,
    );
    await rec.ended('reply-echo');
    const saved = t.services.chat.get(conversationId);
    expect(saved.messages[1].content).toBe(`You sent ${KEY_REMOVED}, thanks.`);

    const everything = JSON.stringify({
      saved,
      streamed: rec.events('reply-echo'),
      log: t.services.log.list(),
      events: t.events,
    });
    // Not the key, nor any run of 12 of its characters (a key spelled out arrives split in the raw events).
    for (let i = 0; i + 12 <= CANARY.length; i++) expect(everything).not.toContain(CANARY.slice(i, i + 12));
    expect(everything).toContain(KEY_REMOVED);
  });
});
