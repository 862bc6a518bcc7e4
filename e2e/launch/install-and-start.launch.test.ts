import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from '@electron-internal/extract-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingBinarySentence } from '../../src-main/tools/electron-binary.mjs';
import { startLoopbackMirror, type LoopbackMirror } from './loopback-mirror';
import { readmeInstallAndStart } from './readme-commands';
import { runShell, userShellEnv, type CommandResult } from './shell-command';
import { programPathInArchive, standInRelease, type StandInRecord } from './stand-in-electron';

/**
 * The README's install-and-start line, run in a clean clone of the committed HEAD with Electron's
 * download pointed at a loopback mirror that serves a stand-in program: `npm install` must fetch
 * the program (the postinstall), and `npm start` must build the app and start that program on the
 * built main entry. Without the program `npm start` fetches it, and where its download is declined,
 * says what to do.
 */
const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const electronVersion: string = JSON.parse(
  readFileSync(join(repoRoot, 'node_modules/electron/package.json'), 'utf8'),
).version;
const release = standInRelease(electronVersion);
const archivePath = `/electron/v${electronVersion}/${release.fileName}`;
const shasumsPath = `/electron/v${electronVersion}/SHASUMS256.txt`;
const installAndStart = readmeInstallAndStart(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
const COMMAND_TIMEOUT_MS = 8 * 60_000;

let work: string;
let clone: string;
let mirror: LoopbackMirror;
let standInLog: string;
let env: NodeJS.ProcessEnv;

function explain(result: CommandResult): string {
  return `exit ${result.code ?? result.signal} after ${result.seconds.toFixed(0)} s; output ends:\n${result.output.slice(-3000)}`;
}

describe.skipIf(process.platform === 'win32')('install and start from a clean clone', () => {
  beforeAll(async () => {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-launch-')));
    clone = join(work, 'gatehouse');
    standInLog = join(work, 'stand-in.json');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
    mirror = await startLoopbackMirror({ [archivePath]: release.archive, [shasumsPath]: release.shasums });
    env = userShellEnv(repoRoot, {
      ELECTRON_MIRROR: mirror.url,
      electron_use_remote_checksums: '1',
      electron_config_cache: join(work, 'electron-cache'),
      GATEHOUSE_STANDIN_LOG: standInLog,
    });
    console.log(`Launch test: HEAD ${head.slice(0, 12)} cloned into ${clone}; mirror ${mirror.url}`);
  });

  afterAll(async () => {
    await mirror?.close();
    if (work && !process.env.GATEHOUSE_LAUNCH_KEEP) rmSync(work, { recursive: true, force: true });
  });

  it("the stand-in archive unpacks with Electron's own extractor, the program still executable", async () => {
    const zipFile = join(work, release.fileName);
    await writeFile(zipFile, release.archive);
    const into = join(work, 'unpacked');
    await extract(zipFile, { dir: into });
    accessSync(join(into, programPathInArchive()), constants.X_OK);
    expect(readFileSync(join(into, 'version'), 'utf8')).toBe(`v${electronVersion}`);
  });

  it(
    `\`${installAndStart}\` downloads the program from the mirror and starts it on the built main entry`,
    async () => {
      const result = await runShell(installAndStart, {
        cwd: clone,
        env,
        logFile: join(work, 'install-and-start.log'),
        timeoutMs: COMMAND_TIMEOUT_MS,
      });
      console.log(`Launch test: \`${installAndStart}\` took ${result.seconds.toFixed(0)} s`);
      expect(mirror.requests, `requests the mirror saw; ${explain(result)}`).toContain(archivePath);
      expect(mirror.requests).toContain(shasumsPath);

      const electronDir = join(clone, 'node_modules/electron');
      const program = join(electronDir, 'dist', programPathInArchive());
      expect(existsSync(program), explain(result)).toBe(true);
      accessSync(program, constants.X_OK);
      expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe(programPathInArchive());
      expect(result.code, explain(result)).toBe(0);

      const mainEntry = join(clone, 'out/main/index.js');
      expect(existsSync(mainEntry)).toBe(true);
      expect(existsSync(standInLog), `the stand-in never ran: ${explain(result)}`).toBe(true);
      const record: StandInRecord = JSON.parse(readFileSync(standInLog, 'utf8'));
      expect(realpathSync(record.program)).toBe(realpathSync(program));
      expect(realpathSync(record.cwd)).toBe(clone);
      expect(record.argv[0]).toBe('.');
      expect(record.main).toBe(mainEntry);
      expect(record.mainExists).toBe(true);
    },
    COMMAND_TIMEOUT_MS + 60_000,
  );

  const removeProgram = () => {
    rmSync(join(clone, 'node_modules/electron/dist'), { recursive: true, force: true });
    rmSync(join(clone, 'node_modules/electron/path.txt'), { force: true });
    rmSync(standInLog, { force: true });
  };

  it(
    '`npm start` without the program (an install that ran no scripts) fetches it, then starts it',
    async () => {
      removeProgram();
      const result = await runShell('npm start', {
        cwd: clone,
        env,
        logFile: join(work, 'npm-start-fetches.log'),
        timeoutMs: 4 * 60_000,
      });
      expect(result.code, explain(result)).toBe(0);
      expect(result.output).toContain("Electron's program is not installed");
      const program = join(clone, 'node_modules/electron/dist', programPathInArchive());
      accessSync(program, constants.X_OK);
      expect(existsSync(standInLog), `the stand-in never ran: ${explain(result)}`).toBe(true);
      const record: StandInRecord = JSON.parse(readFileSync(standInLog, 'utf8'));
      expect(realpathSync(record.program)).toBe(realpathSync(program));
    },
    5 * 60_000,
  );

  it.each(['npm start', 'npm run dev'])(
    '%s without the program, its download declined, says what to do instead of "Electron uninstall"',
    async (command) => {
      removeProgram();
      const result = await runShell(command, {
        cwd: clone,
        env: { ...env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
        logFile: join(work, `${command.replace(/\W+/g, '-')}.log`),
        timeoutMs: 2 * 60_000,
      });
      expect(result.code, explain(result)).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.output).toContain(missingBinarySentence('node_modules/electron/dist'));
      expect(result.output).not.toContain('Electron uninstall');
      expect(existsSync(standInLog)).toBe(false);
    },
    3 * 60_000,
  );
});
