import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserWorkerEntry } from './built-worker-entry';

const root = join('/', 'work', 'app');
const built = join(root, 'out', 'main', 'judge-worker.js');

describe('browserWorkerEntry', () => {
  it('uses the built worker when the built window is served and the build holds the worker', () => {
    expect(browserWorkerEntry(root, join(root, 'out', 'renderer'), (p) => p === built)).toEqual({
      file: pathToFileURL(built),
    });
  });

  it('finds another thread’s built code by its name (the Sandbox’s)', () => {
    const sandbox = join(root, 'out', 'main', 'sandbox-worker.js');
    const exists = (p: string) => p === sandbox;
    expect(browserWorkerEntry(root, join(root, 'out', 'renderer'), exists, 'sandbox-worker.js')).toEqual({
      file: pathToFileURL(sandbox),
    });
    expect(browserWorkerEntry(root, join(root, 'out', 'renderer'), exists)).toBeUndefined();
  });

  it('keeps the sources when the window is served from elsewhere (tests) or the worker was not built', () => {
    expect(browserWorkerEntry(root, join('/', 'tmp', 'renderer'), () => true)).toBeUndefined();
    expect(browserWorkerEntry(root, join(root, 'out', 'renderer'), () => false)).toBeUndefined();
  });
});
