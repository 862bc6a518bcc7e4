import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file and folder under `root`, as paths relative to it (symlinks listed, not followed). */
export function listTree(root: string): string[] {
  const out: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      out.push(relative(root, full));
      if (lstatSync(full).isDirectory()) pending.push(full);
    }
  }
  return out.sort();
}

/** Whether a path relative to the root lies inside the folder `inside` (also relative), or is it. */
export function isWithin(path: string, inside: string): boolean {
  return path === inside || path.startsWith(inside + sep);
}
