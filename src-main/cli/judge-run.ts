import { accessSync, constants, createReadStream, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { JUDGE_MODELS } from '../../src-shared/judge/judge-estimate';
import { SET_FILE_TEXT_MAX } from '../../src-shared/judge/judge-inputs';
import { httpUrlSchema } from '../../src-shared/profiles/profile';
import { AppFailure } from '../../src-shared/result';
import { openMemoryDatabase } from '../core/db/open-database';
import { createRepositories } from '../core/db/repositories';
import { GatewayClient } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';
import { BatchService } from '../core/judge/batch/batch-service';
import { setCaseSource } from '../core/judge/batch/set-case-source';
import { loadLabelledRun } from '../core/judge/batch/labelled-run';
import { resultRows, type ResultsFormat, writeResults } from '../core/judge/batch/results-export';
import { JudgeCaseService } from '../core/judge/judge-case-service';
import { fileSource, stopMessage } from '../core/judge/cases/case-file-scan';
import { readEnvelope } from '../core/judge/set-transfer';
import { ProfileService } from '../core/profiles/profile-service';
import { MemoryKeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import { KeyVault } from '../core/vault/key-vault';
import { startSandbox, type SandboxServer } from '../sandbox/server';
import { gate, GATE_MODES, type GateMode } from './judge-gate';
import { driftLines, driftOfRuns, runToEnd, writeDriftReport } from './judge-run-drift';
import { writeAgreementReport } from './judge-run-report';
import { REPORT_LANGUAGES } from '../../src-shared/judge/report-inputs';
import { metricsTable, minimumsInForce, minimumsLine, questionMetrics } from './judge-metrics-table';

/** Exit codes: the set passed; a metric fell below its minimum; the command could not run. */
export const EXIT = { ok: 0, belowMinimum: 1, failed: 2 } as const;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

export const JUDGE_RUN_USAGE = `Usage: gatehouse judge run --set SET.json --cases CASES.jsonl [--model judge-1.13.0]
  [--base-url URL] [--key-env GATEWAY_API_KEY] [--concurrency 4] [--out results.jsonl|results.csv]
  [--min-accuracy 0.9] [--min-auc 0.85] [--gate point|lower-bound] [--metrics-out metrics.json]
  [--report report.html] [--report-language en|zh-CN] [--drift-model judge-preview]
  [--drift-report drift.html] [--sandbox] [--csv-raw] [--help]
The set file's saved thresholds and minimums apply; --min-accuracy and --min-auc override its minimums.
Each metric prints with its 95 % interval (accuracy: Wilson; AUC: bootstrap, seed 1). Against a
minimum a metric is a "strong pass" (its lower bound reaches it), a "weak pass" (only the estimate
does) or a "fail"; --gate point (the default) fails the run on a fail, --gate lower-bound on a
weak pass too. --metrics-out writes the metrics, their intervals and the verdicts as JSON.
--report writes the run's agreement as one self-contained HTML file (every metric with its interval
and method, the charts as inline SVG; it loads nothing), the file the app's "Save report…" writes,
in --report-language (en by default, or zh-CN). --drift-model judges the cases again on another judge
model and prints, per question, whether the two differ (McNemar's exact test on the flips, each
metric's paired bootstrap delta); --drift-report writes that comparison as the app's drift report.
Exit codes: 0 passed, 1 a metric fell below its minimum, 2 the command could not run.
A .csv --out is written for spreadsheets: a cell starting with =, +, -, @, a tab or a carriage return
gets a leading ' so it is not run as a formula (plain negative numbers are left as numbers);
--csv-raw writes every cell as it is. JSONL is always written as it is.`;

/**
 * A command's end on bad input or a failure: the reason said (a validation error's own message is
 * its issues as JSON, so it is said as "field: rule" instead), the usage after an unknown or
 * malformed option, and exit 2.
 */
export function failedWith(err: unknown, io: { err: (line: string) => void }, usage: string): number {
  io.err(
    err instanceof z.ZodError
      ? err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')
      : err instanceof Error
        ? err.message
        : String(err),
  );
  if (err instanceof TypeError && /parseArgs|option/i.test(String(err))) io.err(usage);
  return EXIT.failed;
}

export function fail(message: string): never {
  throw new AppFailure({ code: 'invalid_input', message });
}

export function numberFlag(
  raw: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
  return n;
}

/** Refuses a path the flag cannot read before anything else happens: missing, or a folder. */
export function readablePath(path: string, flag: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT' ? `--${flag}: ${path} does not exist` : `--${flag}: cannot read ${path} (${code})`,
    );
  }
  if (stats.isDirectory()) fail(`--${flag} must name a file: ${path} is a folder`);
  try {
    accessSync(path, constants.R_OK);
  } catch {
    fail(`--${flag}: cannot read ${path} (no permission)`);
  }
}

/**
 * Refuses an output path that could not be written, before any request is sent (and paid for):
 * its folder must exist and be writable, and the path must not be a folder itself.
 */
export function writablePath(path: string, flag: string): void {
  const folder = dirname(resolve(path));
  let stats;
  try {
    stats = statSync(folder);
  } catch {
    fail(`--${flag}: the folder ${folder} does not exist (create it first)`);
  }
  if (!stats.isDirectory()) fail(`--${flag}: ${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    fail(`--${flag}: the folder ${folder} is not writable`);
  }
  let existing;
  try {
    existing = statSync(path);
  } catch {
    return; // a new file
  }
  if (existing.isDirectory()) fail(`--${flag} must name a file: ${path} is a folder`);
  try {
    accessSync(path, constants.W_OK);
  } catch {
    fail(`--${flag}: ${path} exists and is not writable`);
  }
}

/** A small file read whole, refused past `max` bytes without reading further. */
export async function readSmall(path: string, flag: string, max: number, rule: string): Promise<string> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) fail(`--${flag}: ${rule}`);
    pieces.push(chunk);
  }
  return Buffer.concat(pieces).toString('utf8');
}

/**
 * `gatehouse judge run`: a question set (as the app exports it) over labelled cases (CSV, JSONL
 * or JSON, as the app imports them) with one judge model, through the same batch runner, case
 * import and metrics as the app; prints progress and the metrics table and gates on minimums.
 */
export async function judgeRun(argv: string[], io: CliIo): Promise<number> {
  let sandbox: SandboxServer | undefined;
  let batch: BatchService | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        set: { type: 'string' },
        cases: { type: 'string' },
        model: { type: 'string', default: 'judge-1.13.0' },
        'base-url': { type: 'string' },
        'key-env': { type: 'string', default: 'GATEWAY_API_KEY' },
        concurrency: { type: 'string', default: '4' },
        out: { type: 'string' },
        'min-accuracy': { type: 'string' },
        'min-auc': { type: 'string' },
        sandbox: { type: 'boolean', default: false },
        'csv-raw': { type: 'boolean', default: false },
        gate: { type: 'string', default: 'point' },
        'metrics-out': { type: 'string' },
        report: { type: 'string' },
        'report-language': { type: 'string', default: 'en' },
        'drift-model': { type: 'string' },
        'drift-report': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      io.out(JUDGE_RUN_USAGE);
      return EXIT.ok;
    }
    const gateMode = values.gate as GateMode;
    if (!GATE_MODES.includes(gateMode)) fail(`--gate must be one of ${GATE_MODES.join(', ')}`);
    const language = REPORT_LANGUAGES.find((l) => l === values['report-language']);
    if (!language) fail(`--report-language must be one of ${REPORT_LANGUAGES.join(', ')}`);
    if (!values.set) fail('--set is required: the question set file the app exports');
    if (!values.cases) fail('--cases is required: a CSV, JSONL or JSON file of cases');
    const model = values.model as (typeof JUDGE_MODELS)[number];
    if (!JUDGE_MODELS.includes(model)) fail(`--model must be one of ${JUDGE_MODELS.join(', ')}`);
    const driftModel = values['drift-model'] as (typeof JUDGE_MODELS)[number] | undefined;
    if (driftModel !== undefined && !JUDGE_MODELS.includes(driftModel))
      fail(`--drift-model must be one of ${JUDGE_MODELS.join(', ')}`);
    if (values['drift-report'] && !driftModel)
      fail('--drift-report needs --drift-model (the run to compare with)');
    const concurrency = numberFlag(values.concurrency, 'concurrency', 1, 16)!;
    if (!Number.isInteger(concurrency)) fail('--concurrency must be a whole number from 1 to 16');
    const flags = {
      accuracy: numberFlag(values['min-accuracy'], 'min-accuracy', 0, 1),
      auc: numberFlag(values['min-auc'], 'min-auc', 0, 1),
    };
    if (!values.sandbox && !values['base-url'])
      fail('--base-url is required (or --sandbox for the built-in Sandbox)');
    if (!values.sandbox) {
      // Checked here, by the flag's name, rather than as the profile's `host` field later.
      const baseUrl = httpUrlSchema.safeParse(values['base-url']);
      if (!baseUrl.success) fail(`--base-url ${baseUrl.error.issues[0].message}`);
    }

    const outFormat: ResultsFormat | undefined = values.out
      ? extname(values.out).toLowerCase() === '.csv'
        ? 'csv'
        : 'jsonl'
      : undefined;

    // Every path is checked before any file is read or any request sent.
    readablePath(values.set, 'set');
    readablePath(values.cases, 'cases');
    if (values.out) writablePath(values.out, 'out');
    if (values['metrics-out']) writablePath(values['metrics-out'], 'metrics-out');
    if (values.report) writablePath(values.report, 'report');
    if (values['drift-report']) writablePath(values['drift-report'], 'drift-report');

    const { set: draft, tuning } = readEnvelope(
      // The app's limit for a set file: far past it a file is not one (and `/dev/zero` never ends).
      await readSmall(
        values.set,
        'set',
        SET_FILE_TEXT_MAX,
        'must be at most 5 MB (a question set file is never larger)',
      ),
    );
    const min = minimumsInForce(tuning?.minimums, flags);
    const cases = fileSource(values.cases);
    const format = { '.csv': 'csv', '.jsonl': 'jsonl', '.json': 'json' }[
      extname(values.cases).toLowerCase()
    ] as 'csv' | 'jsonl' | 'json' | undefined;

    // The app’s own stores, in memory: nothing is written but --out, --metrics-out and --report.
    const notices = new StorageNotices();
    const db = openMemoryDatabase();
    const repos = createRepositories({ db, notices });
    const now = Date.now();
    const setId = 'cli-set';
    repos.sets.put({
      id: setId,
      name: draft.name,
      createdAt: now,
      updatedAt: now,
      revisions: [{ revision: 1, savedAt: now, questions: draft.questions, ...(tuning ? { tuning } : {}) }],
    });
    const caseService = new JudgeCaseService({
      cases: repos.cases,
      sets: repos.sets,
      desktop: {
        saveFileAs: async () => null,
        saveTextAs: async () => null,
        notify: () => undefined,
      },
    });
    // The app's reader, caps and all: an endless or huge file stops at 50 MB or 100,000 rows.
    const preview = await caseService.importPreview({ setId, source: cases, format });
    if (preview.stopped) fail(`--cases: ${stopMessage(preview.stopped)}`);
    if (!preview.mapping) fail(`${values.cases}: no column holds the state to judge`);
    for (const p of preview.problems) io.err(`${values.cases}: ${p.message}`);
    const imported = await caseService.importConfirm({
      setId,
      source: cases,
      format,
      mapping: preview.mapping,
    });
    io.err(
      `${imported.added} cases read from ${values.cases}${imported.skippedCount ? `, ${imported.skippedCount} skipped` : ''}`,
    );

    const settings = new MemoryKeyValueStore();
    const vault = new KeyVault(null, settings);
    if (values.sandbox) sandbox = await startSandbox();
    const origin = sandbox?.origin ?? '';
    const profiles = new ProfileService(settings, vault, {
      origin: async () => origin,
      current: () => origin,
    });
    if (!sandbox) {
      const key = io.env[values['key-env']];
      if (!key) fail(`the environment variable ${values['key-env']} holds no key (--key-env names it)`);
      const profile = profiles.save({
        name: 'Command line',
        kind: 'gateway-overseas',
        host: values['base-url']!,
      });
      profiles.activate(profile.id);
      await vault.set(profile.id, key, { acceptWeakStorage: true });
    }

    let lastLine = '';
    batch = new BatchService({
      batches: repos.batches,
      sets: repos.sets,
      client: new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() }),
      profiles,
      emit: (p) => {
        const line = `${p.done + p.failed}/${p.total} judged${p.failed ? ` (${p.failed} failed)` : ''} · ${p.tokens} tokens · ${p.yuan.toFixed(4)} yuan`;
        if (line !== lastLine) io.err((lastLine = line));
      },
      namedSources: (key) => setCaseSource(repos.cases, key),
    });
    const run = await runToEnd(batch, setId, model, concurrency);
    if (run.state !== 'done') fail(`the run stopped: ${run.pauseReason?.message ?? run.state}`);

    const labelled = loadLabelledRun(repos, run.id);
    if (values.out && outFormat) {
      const rows = resultRows(labelled.questions, labelled.rows, tuning);
      writeFileSync(
        values.out,
        writeResults(labelled.questions, rows, outFormat, { raw: values['csv-raw'] }),
      );
      io.err(`results written to ${values.out}`);
    }
    const rows = questionMetrics(
      labelled.questions,
      labelled.rows.map((r) => r.labelled),
      tuning,
    );
    io.out(metricsTable(rows));
    const versions = Object.keys(run.versions ?? {});
    if (versions.length) io.out(`answered by ${versions.join(', ')}`);
    io.out(minimumsLine(min));
    const gated = gate(rows, min, gateMode);
    if (gated.length) io.out(`gate: ${gateMode}`);
    for (const line of gated) io.out(line.text);
    const below = gated.filter((l) => l.failed);
    if (values['metrics-out']) {
      // Every metric with its whole interval (method, bounds, resamples, seed) and the verdicts.
      const file = {
        schema: 'gatehouse.judge-metrics',
        version: 1,
        gate: gateMode,
        minimums: min,
        questions: rows,
        verdicts: gated,
      };
      writeFileSync(values['metrics-out'], `${JSON.stringify(file, null, 2)}\n`);
      io.err(`metrics written to ${values['metrics-out']}`);
    }
    if (values.report) {
      writeAgreementReport({ db, repos, runId: run.id, setName: draft.name, language, path: values.report });
      io.err(`report written to ${values.report}`);
    }
    if (driftModel) {
      const other = await runToEnd(batch, setId, driftModel, concurrency);
      if (other.state !== 'done') fail(`the drift run stopped: ${other.pauseReason?.message ?? other.state}`);
      const drift = driftOfRuns({ db, repos, a: run.id, b: other.id });
      for (const line of driftLines(drift)) io.out(line);
      if (values['drift-report']) {
        writeDriftReport(drift, draft.name, language, values['drift-report']);
        io.err(`drift report written to ${values['drift-report']}`);
      }
    }
    for (const line of below) io.err(`below the minimum: ${line.text}`);
    return below.length ? EXIT.belowMinimum : EXIT.ok;
  } catch (err) {
    return failedWith(err, io, JUDGE_RUN_USAGE);
  } finally {
    await batch?.dispose();
    await sandbox?.close();
  }
}
