import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src-shared/chat/conversation';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { StoredSet } from '../../src-shared/judge/question-set';
import { openDataFolder } from '../core/db/open-data-folder';
import { createRepositories } from '../core/db/repositories';
import { sampleQuestions } from '../core/judge/sample-questions.test-helper';
import { StorageNotices } from '../core/storage/storage-notices';
import { recordingSubscriber } from '../ipc/stream-hub.test-helper';
import { fakeAdapters } from '../platform/electron-adapters.test-helper';
import { runElectronApp } from '../platform/electron-app';
import { fakeElectronMain } from '../platform/fake-electron.test-helper';
import type { SandboxOptions } from '../sandbox/server';
import { startWebServer } from '../web/web-server';
import { type RunningApp, SHUTDOWN_ORDER } from './start-app';

// Slow enough that a reply is still streaming and a batch run still running when the app quits.
const SLOW: SandboxOptions = { tokenDelayMs: 40, judgeLatencyMs: 150 };
const CASES = 40;

function tempRoot() {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-shutdown-'));
  mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'out', 'renderer', 'index.html'), '<!doctype html><title>Gatehouse</title>');
  return { root, dataDir: join(root, 'data') };
}

/** Each edge started on a fresh folder, and quit the way a user quits it. */
const modes: {
  name: string;
  start(): Promise<{ app: RunningApp; sender: string; dataDir: string; quit(): Promise<void> }>;
}[] = [
  {
    name: 'browser mode (the server stops on SIGINT)',
    async start() {
      const { root, dataDir } = tempRoot();
      const server = await startWebServer({
        port: 0,
        dataDir,
        rendererDir: join(root, 'out', 'renderer'),
        sandbox: SLOW,
      });
      return { app: server.app, sender: server.origin, dataDir, quit: () => server.close() };
    },
  },
  {
    name: 'Electron (the user quits the app)',
    async start() {
      const { root, dataDir } = tempRoot();
      // Unpackaged, with the test launcher's switch, so the in-app Sandbox takes the slow pace flags.
      const fake = fakeElectronMain({ userData: dataDir, isPackaged: false });
      const run = await runElectronApp(fake.main, fakeAdapters(), {
        env: { GATEHOUSE_E2E: '1' },
        argv: [
          'electron',
          '.',
          '--sandbox-token-delay',
          `${SLOW.tokenDelayMs}`,
          '--sandbox-judge-latency-ms',
          `${SLOW.judgeLatencyMs}`,
        ],
        mainDir: join(root, 'out', 'main'),
      });
      if (!run) throw new Error('the app did not start');
      return {
        app: run.app,
        sender: 'gatehouse-app://app',
        dataDir,
        quit: async () => {
          fake.main.app.quit();
          // will-quit held the quit for the shutdown, then quit again once it had finished.
          await run.app.dispose();
          expect(fake.life.quits).toBe(2);
        },
      };
    },
  },
];

describe.each(modes)('shutdown, $name', (mode) => {
  it('stops streams, batch runs, the poller, waits for the saves, then closes the database and frees the folder', async () => {
    const { app, sender, dataDir, quit } = await mode.start();
    const top = { url: `${sender}/index.html`, isMainFrame: true };
    const call = async <T>(route: string, input: unknown): Promise<T> => {
      const r = await app.dispatch(route, input, top);
      if (!r.ok) throw new Error(`${route}: ${r.error.message}`);
      return r.data as T;
    };
    // A batch run in flight.
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'quit', questions: sampleQuestions },
    });
    for (let i = 0; i < CASES; i++)
      await call('judge.cases.add', {
        setId: set.id,
        state: { mode: 'text', text: `case ${i} about cats` },
        expected: {},
      });
    const run = await call<BatchRunView>('judge.batch.create', { setId: set.id, model: 'judge-1.13.0' });
    await call('judge.batch.start', { id: run.id, concurrency: 2 });
    // A reply streaming.
    const frame = recordingSubscriber();
    const started = await app.streams.subscribe(
      'chat.reply',
      'stream-quit-1',
      { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'Tell me a long story' }] },
      top,
      frame.subscriber,
    );
    expect(started.ok).toBe(true);
    const conversationId = (started as { data: { conversationId: string } }).data.conversationId;
    await frame.until(
      () => frame.events('stream-quit-1').filter((e) => (e as { type: string }).type === 'delta').length >= 3,
    );

    await quit();
    expect(app.shutdownSteps).toEqual(SHUTDOWN_ORDER);

    // The folder's lock is free, and what was in flight is there, as the next start finds it.
    const db = openDataFolder(dataDir, new StorageNotices());
    try {
      const repos = createRepositories({ db, notices: new StorageNotices() });
      const saved = repos.conversations.get(conversationId) as Conversation;
      const reply = saved.messages.at(-1)!;
      expect(reply.role).toBe('assistant');
      expect(reply.content.length).toBeGreaterThan(0);
      const batch = repos.batches.getRun(run.id)!;
      // Left running (not cancelled), so the next start resumes it; not every case was judged.
      expect(batch.state).toBe('running');
      expect(repos.batches.countResults(run.id)).toBeLessThan(CASES);
    } finally {
      db.close();
    }
  });
});
