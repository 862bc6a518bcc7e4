import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, streams } from '../../../src-shared/ipc/contract';
import type { FetchLike } from '../../core/gateway/gateway-client';
import type { DesktopActions } from '../../core/media/desktop-actions';
import { browserDesktopActions } from '../../web/browser-desktop-actions';
import { createAppRouter, createAppStreamRouter } from '../app-router';
import { testServices } from '../services.test-helper';
import { recordingSubscriber } from '../stream-hub.test-helper';
import { listTree, isWithin } from './file-tree';
import { checkProperty, FuzzTally, withDeadline } from './fuzz-calls';
import { hostileLeaf, inputsFor } from './hostile-inputs';

/**
 * Every route and stream of the contract, called through the real router and services with
 * generated inputs: well-shaped ones and hostile ones (wrong types, missing fields, 10 MB
 * strings, deep nesting, `__proto__` keys, `../` names, odd Unicode). `npm test` runs a fixed
 * seed and a few runs per route; `npm run fuzz` runs many more with a fresh seed it prints.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const CALL_MS = 10_000;
/** Per route: room for every run, a few slow ones included, whatever FUZZ_RUNS says. */
const ROUTE_MS = 30_000 + RUNS * 200;

const top = { url: 'http://127.0.0.1:5780/', isMainFrame: true };

/**
 * Strings that let generated inputs get past the gateway and the stores now and then, not only
 * past zod: models the Sandbox knows, and the ids of records made before the run (see `seed`).
 */
const hints: Record<string, string[]> = {
  model: ['sandbox-chat-1', 'sandbox-embed-1', 'sandbox-image-1', 'sandbox-tts-1', 'vidmodel-2-0-260128'],
  host: ['http://127.0.0.1:9/v1'],
  id: ['sandbox'],
  profileId: ['sandbox'],
  setId: [],
  runId: [],
  conversationId: [],
};

// The data folder sits two levels down in a temp root that also holds files of its own, so a
// write that climbs out with `../` lands somewhere this test looks.
const root = mkdtempSync(join(tmpdir(), 'gatehouse-fuzz-'));
const dataDir = join(root, 'home', 'user', 'data');
const exportDir = join(dataDir, 'exports');
mkdirSync(dataDir, { recursive: true });
mkdirSync(join(root, 'home', 'user', 'sibling'), { recursive: true });
writeFileSync(join(root, 'home', 'user', 'sibling', 'keep.txt'), 'marker');
writeFileSync(join(root, 'marker.txt'), 'marker');

/** Gateway calls stay on loopback (the Sandbox); any other host is refused as the network would. */
const outsideFetches: string[] = [];
const loopbackFetch: FetchLike = (url, init) => {
  const host = new URL(url).hostname;
  if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]') return fetch(url, init);
  outsideFetches.push(url);
  return Promise.reject(
    new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
  );
};

/** Browser mode's real "save as" (writes into one export folder), with every destination kept. */
const exportsWritten: string[] = [];
const exportingDesktop: DesktopActions = (() => {
  const real = browserDesktopActions(exportDir);
  const keep = (dest: string | null) => (dest !== null && exportsWritten.push(dest), dest);
  return {
    saveFileAs: async (src, name) => keep(await real.saveFileAs(src, name)),
    saveTextAs: async (text, name) => keep(await real.saveTextAs(text, name)),
    notify: () => undefined,
  };
})();

const t = testServices({ dataDir, fetch: loopbackFetch, desktop: exportingDesktop });
const dispatch = createAppRouter(t.services, (s) => s.isMainFrame);
const streamRouter = createAppStreamRouter(t.services, (s) => s.isMainFrame);
const frame = recordingSubscriber();
const tally = new FuzzTally();
const before = listTree(root);

let unhandled = 0;
const onUnhandled = () => void unhandled++;

/** One record of each kind, so the routes that read, save or export one find something. */
async function seed() {
  const made = async (name: string, input: unknown): Promise<Record<string, unknown>> => {
    const r = await dispatch(name, input, top);
    if (!r.ok) throw new Error(`seeding ${name}: ${r.error.message}`);
    return r.data as Record<string, unknown>;
  };
  const set = await made('judge.sets.save', {
    // A name that climbs: the export's suggested file name is built from it.
    set: { name: '../../../escape/set', questions: [{ name: 'q1', type: 'noul', instructions: 'Good?' }] },
  });
  const image = await made('media.images.generate', {
    model: 'sandbox-image-1',
    prompt: 'a lighthouse',
    size: '256x256',
    n: 2,
    responseFormat: 'url',
  });
  const speech = await made('media.speech.create', {
    model: 'sandbox-tts-1',
    text: 'hello',
    voice: 'alloy',
    format: 'wav',
    speed: 1,
  });
  const run = await made('media.embeddings.run', {
    model: 'sandbox-embed-1',
    inputs: ['one', 'two'],
    encodingFormat: 'float',
  });
  const video = await made('video.tasks.create', { model: 'vidmodel-2-0-fast-260128', prompt: 'waves' });
  const chat = await streamRouter.subscribe(
    'chat.reply',
    'fuzz-seed-chat',
    { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'Hello' }] },
    top,
    frame.subscriber,
  );
  if (!chat.ok) throw new Error(`seeding chat.reply: ${chat.error.message}`);
  await frame.ended('fuzz-seed-chat');
  hints.id.push(String(set.id), String(image.id), String(speech.id), String(video.id));
  hints.setId.push(String(set.id));
  hints.runId.push(String(run.id));
  hints.conversationId.push((chat.data as { conversationId: string }).conversationId);
  hints.id.push(...hints.conversationId);
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  await seed();
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  t.services.video.dispose();
  await t.services.chat.settle();
  await t.close();
  t.database.close();
  rmSync(root, { recursive: true, force: true });
});

// endOnFailure: shrinking re-runs 10 MB and deeply nested inputs many times for little gain.
const params = { seed: SEED, numRuns: RUNS, endOnFailure: true };

/** Routes that remove records run last, so the others still find the seeded ones. */
const removes = (name: string) => /delete|clear|remove/i.test(name);
const routeOrder = [
  ...Object.keys(routes).filter((n) => !removes(n)),
  ...Object.keys(routes).filter(removes),
];

describe('IPC fuzz: every route and stream with generated and hostile inputs', () => {
  it.each(routeOrder)(
    'route %s always resolves to a Result',
    async (name) => {
      const schema = routes[name as keyof typeof routes].input;
      await checkProperty(
        fc.asyncProperty(inputsFor(schema, hints), async (input) => {
          const problem = tally.record(name, await withDeadline(() => dispatch(name, input, top), CALL_MS));
          expect(problem).toBeUndefined();
        }),
        params,
      );
    },
    ROUTE_MS,
  );

  it.each(Object.keys(streams))(
    'stream %s always resolves to a Result and ends',
    async (name) => {
      const schema = streams[name as keyof typeof streams].input;
      const streamId = fc.oneof(fc.uuid(), fc.constant('fuzz-stream-reused'), hostileLeaf);
      await checkProperty(
        fc.asyncProperty(inputsFor(schema, hints), streamId, fc.boolean(), async (input, id, stopAtOnce) => {
          const outcome = await withDeadline(
            () => streamRouter.subscribe(name, id, input, top, frame.subscriber),
            CALL_MS,
          );
          const problem = tally.record(name, outcome);
          expect(problem).toBeUndefined();
          const started = outcome.kind === 'answer' && (outcome.value as { ok: boolean }).ok;
          if (!started) return;
          // Half are stopped at once (Stop), half run to their last event, which must come.
          if (stopAtOnce) streamRouter.unsubscribe(frame.subscriber, id);
          else await frame.ended(id as string, CALL_MS);
        }),
        params,
      );
    },
    ROUTE_MS,
  );

  it('refuses names that are not routes, prototype keys included', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'chat.reply',
      '',
      '../app.info',
    ]) {
      const answer = await withDeadline(() => dispatch(name, {}, top), CALL_MS);
      expect(tally.record(name, answer)).toBeUndefined();
      expect(answer).toMatchObject({
        kind: 'answer',
        value: { ok: false, error: { code: 'unknown_route' } },
      });
    }
  });

  it('after the run: no crash, no unhandled rejection, nothing written outside the data folder', async () => {
    await t.services.chat.settle();
    const inData = relative(root, dataDir);
    const known = new Set(before);
    const outside = listTree(root).filter(
      (p) => !known.has(p) && !isWithin(p, inData) && !isWithin(inData, p),
    );
    const strayExports = exportsWritten.filter((p) => !isWithin(p, exportDir));
    console.log(
      `IPC fuzz (seed ${SEED}, ${RUNS} runs per route): ${tally.calls} calls over ` +
        `${Object.keys(routes).length} routes and ${Object.keys(streams).length} stream; ok ${tally.ok}, ` +
        `failed-with-Result ${tally.failed}, crashes ${tally.crashes.length}, unhandled ${unhandled}, ` +
        `outside writes ${outside.length + strayExports.length}, exports ${exportsWritten.length}, ` +
        `off-loopback fetches refused ${outsideFetches.length}; codes ${JSON.stringify(Object.fromEntries(tally.codes))}`,
    );
    if (tally.internal.size > 0) console.log(`internal errors:\n  ${[...tally.internal].join('\n  ')}`);
    expect(tally.crashes).toEqual([]);
    expect(unhandled).toBe(0);
    expect(outside).toEqual([]);
    expect(strayExports).toEqual([]);
    expect(tally.calls).toBeGreaterThanOrEqual(Object.keys(routes).length * RUNS);
  });
});
