import { createHash } from 'node:crypto';
import { zipArchive } from './zip-archive';

/**
 * A stand-in for Electron's program: a Node script that records how it was started (argv, cwd,
 * some environment) into the JSON file named by GATEHOUSE_STANDIN_LOG, checks that the app entry
 * it was given resolves to a built main file, and exits (0 when it does, 3 when it does not).
 * CommonJS, since it lands in node_modules/electron/dist, whose package.json has no "type".
 */
const STAND_IN_SOURCE = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const entry = path.resolve(process.cwd(), process.argv[2] || '.');
let main = null;
try {
  if (fs.statSync(entry).isDirectory()) {
    const pkg = JSON.parse(fs.readFileSync(path.join(entry, 'package.json'), 'utf8'));
    main = path.resolve(entry, pkg.main || 'index.js');
  } else {
    main = entry;
  }
} catch (error) {
  main = null;
}
const mainExists = main !== null && fs.existsSync(main);
const pick = ['NODE_ENV_ELECTRON_VITE', 'ELECTRON_RENDERER_URL', 'ELECTRON_ENTRY', 'ELECTRON_CLI_ARGS'];
const record = {
  program: __filename,
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  entry,
  main,
  mainExists,
  env: Object.fromEntries(pick.map((key) => [key, process.env[key] ?? null])),
};
if (process.env.GATEHOUSE_STANDIN_LOG) {
  fs.writeFileSync(process.env.GATEHOUSE_STANDIN_LOG, JSON.stringify(record, null, 2));
}
console.log('Electron stand-in: started with ' + JSON.stringify(record.argv) + ' in ' + record.cwd);
process.exit(mainExists ? 0 : 3);
`;

/** What the stand-in writes to GATEHOUSE_STANDIN_LOG. */
export interface StandInRecord {
  program: string;
  argv: string[];
  cwd: string;
  entry: string;
  main: string | null;
  mainExists: boolean;
  env: Record<string, string | null>;
}

/** Where Electron's installer expects the program inside the archive (it writes this to path.txt). */
export function programPathInArchive(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
}

export interface StandInRelease {
  fileName: string;
  archive: Buffer;
  sha256: string;
  /** SHASUMS256.txt as Electron's releases publish it, covering the archive. */
  shasums: string;
}

/**
 * The release archive Electron's installer asks for, `electron-v<version>-<platform>-<arch>.zip`,
 * holding the stand-in program and the `version` file the installer reads to tell it is installed.
 */
export function standInRelease(version: string): StandInRelease {
  const fileName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
  const archive = zipArchive([
    { name: programPathInArchive(), data: Buffer.from(STAND_IN_SOURCE), mode: 0o755 },
    { name: 'version', data: Buffer.from(`v${version}`), mode: 0o644 },
  ]);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  return { fileName, archive, sha256, shasums: `${sha256} *${fileName}\n` };
}
