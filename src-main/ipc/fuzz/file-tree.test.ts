import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWithin, listTree } from './file-tree';

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

describe('the fuzz test file check', () => {
  it('sees a file written beside the data folder, and tells it from one inside', () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-tree-'));
    mkdirSync(join(root, 'user', 'data'), { recursive: true });
    const before = new Set(listTree(root));
    writeFileSync(join(root, 'user', 'data', 'inside.txt'), 'x');
    writeFileSync(join(root, 'user', 'escaped.txt'), 'x');
    const added = listTree(root).filter((p) => !before.has(p));
    expect(added.filter((p) => !isWithin(p, join('user', 'data')))).toEqual([join('user', 'escaped.txt')]);
    expect(isWithin(join('user', 'database'), join('user', 'data'))).toBe(false);
  });
});
