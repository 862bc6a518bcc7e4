import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import type { EvalCell } from '../../src-shared/evals/eval-run';
import { BATCH_CONCURRENCY_MAX } from '../../src-shared/judge/batch-run';
import { REPORT_LANGUAGES, type ReportLanguage } from '../../src-shared/judge/report-inputs';
import { httpUrlSchema } from '../../src-shared/profiles/profile';
import { SANDBOX_PROFILE_ID } from '../../src-shared/profiles/profile';
import { openMemoryDatabase } from '../core/db/open-database';
import { createRepositories, type Repositories } from '../core/db/repositories';
import { type EvalResultsFormat, evalResultsChunks } from '../core/evals/eval-results-export';
import { type EvalRunProgress, EvalRunService } from '../core/evals/eval-run-service';
import { GatewayClient } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';
import { ProfileService } from '../core/profiles/profile-service';
import { MemoryKeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import { KeyVault } from '../core/vault/key-vault';
import { startSandbox, type SandboxServer } from '../sandbox/server';
import { evalReportHtml } from '../core/evals/report/eval-report-html';
import { runFigures } from '../core/evals/report/eval-run-figures';
import { junitXml } from './eval-junit';
import { appVersion } from './judge-run-report';
import { columnsTable, comparisonLines, junitColumns } from './eval-run-table';
import { loadEval, readEvalFile } from './eval-run-load';
import { type CliIo, EXIT, fail, failedWith, numberFlag, readablePath, writablePath } from './judge-run';

export const EVAL_RUN_USAGE = `Usage: gatehouse eval run --eval FILE.eval.json [--base-url URL] [--key-env GATEWAY_API_KEY]
  [--sandbox] [--concurrency 4] [--out results.csv|results.jsonl] [--csv-raw] [--report report.html]
  [--report-language en|zh-CN] [--junit junit.xml] [--help]
Runs an eval file as the app exports it (its dataset file and grader set file are read from the
eval file's folder) with the app's own run engine on a temporary database: every prompt variant on
every target, each reply checked and graded. Every target and the grader are sent to one gateway:
--base-url with the key in the environment variable --key-env names, or --sandbox for the built-in
Sandbox. Progress goes to stderr; to stdout, a table of the columns (pass rate of the checks, each
yes/no question's rate and each score's mean with its 95 % interval, p50 / p95 latency), the
comparisons of every two columns that differ in the prompt or the target (paired, on the same
rows: "B beats A by …" or "not decisive"), and each minimum of the eval file, passed or failed.
--out writes every cell (CSV for a .csv name, with formula cells neutralised unless --csv-raw; else
JSON Lines). --report writes the same as one self-contained HTML file (it loads nothing), in
--report-language (en by default, or zh-CN). --junit writes one testsuite per column, one testcase per
minimum and one per errored cell.
Exit codes: 0 every minimum passed, 1 a minimum failed, 2 the command could not run.`;

interface Flags {
  eval: string;
  concurrency: number;
  out?: string;
  junit?: string;
  report?: string;
  language: ReportLanguage;
  raw: boolean;
  sandbox: boolean;
  baseUrl?: string;
  keyEnv: string;
}

function readFlags(argv: string[]): Flags | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      eval: { type: 'string' },
      'base-url': { type: 'string' },
      'key-env': { type: 'string', default: 'GATEWAY_API_KEY' },
      sandbox: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '4' },
      out: { type: 'string' },
      'csv-raw': { type: 'boolean', default: false },
      junit: { type: 'string' },
      report: { type: 'string' },
      'report-language': { type: 'string', default: 'en' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const language = REPORT_LANGUAGES.find((l) => l === values['report-language']);
  if (!language) fail(`--report-language must be one of ${REPORT_LANGUAGES.join(', ')}`);
  if (!values.eval) fail('--eval is required: the eval file the app exports (.eval.json)');
  const concurrency = numberFlag(values.concurrency, 'concurrency', 1, BATCH_CONCURRENCY_MAX)!;
  if (!Number.isInteger(concurrency))
    fail(`--concurrency must be a whole number from 1 to ${BATCH_CONCURRENCY_MAX}`);
  if (!values.sandbox && !values['base-url'])
    fail('--base-url is required (or --sandbox for the built-in Sandbox)');
  if (!values.sandbox) {
    const baseUrl = httpUrlSchema.safeParse(values['base-url']);
    if (!baseUrl.success) fail(`--base-url ${baseUrl.error.issues[0].message}`);
  }
  // Every path is checked before any file is read or any request sent.
  readablePath(values.eval, 'eval');
  if (values.out) writablePath(values.out, 'out');
  if (values.junit) writablePath(values.junit, 'junit');
  if (values.report) writablePath(values.report, 'report');
  return {
    eval: values.eval,
    concurrency,
    out: values.out,
    junit: values.junit,
    report: values.report,
    language,
    raw: values['csv-raw'],
    sandbox: values.sandbox,
    baseUrl: values['base-url'],
    keyEnv: values['key-env'],
  };
}

/** Every cell of the run, a page of rows at a time, each column's errored cells and time noted on the way. */
function* countedCells(
  repos: Repositories,
  runId: string,
  rows: number,
  perColumn: Map<string, { errors: { name: string; message: string }[]; seconds: number }>,
): Generator<EvalCell> {
  for (let from = 0; from < rows; from += 500)
    for (const c of repos.evalRuns.cells(runId, from, from + 500)) {
      const key = `${c.variantId}.${c.targetId}`;
      let column = perColumn.get(key);
      if (!column) perColumn.set(key, (column = { errors: [], seconds: 0 }));
      column.seconds += (c.latencyMs ?? 0) / 1000;
      if (c.state === 'failed')
        column.errors.push({
          name: `${c.row + 1}.${c.variantId}.${c.targetId}.${c.sample + 1}`,
          message: c.error?.message ?? 'failed',
        });
      yield c;
    }
}

/** The run to its end (done, or paused: a 402, a refused key, no network). */
async function runToEnd(service: EvalRunService, evalId: string, concurrency: number) {
  const started = service.start(evalId, concurrency);
  return service.settled(started.id);
}

/**
 * `gatehouse eval run`: an eval file through the app's own engine (EvalRunService on a temporary
 * database), the results exported as the app exports them.
 */
export async function evalRun(argv: string[], io: CliIo): Promise<number> {
  let sandbox: SandboxServer | undefined;
  let service: EvalRunService | undefined;
  try {
    const flags = readFlags(argv);
    if (flags === 'help') {
      io.out(EVAL_RUN_USAGE);
      return EXIT.ok;
    }
    const spec = await readEvalFile(flags.eval);
    const db = openMemoryDatabase();
    const notices = new StorageNotices();
    const repos = createRepositories({ db, notices });
    const settings = new MemoryKeyValueStore();
    const vault = new KeyVault(null, settings);
    let key: string | undefined;
    if (!flags.sandbox) {
      key = io.env[flags.keyEnv];
      if (!key) fail(`the environment variable ${flags.keyEnv} holds no key (--key-env names it)`);
    }
    if (flags.sandbox) sandbox = await startSandbox({ tokenDelayMs: 0 });
    const origin = sandbox?.origin ?? '';
    const profiles = new ProfileService(settings, vault, {
      origin: async () => origin,
      current: () => origin,
    });
    let profileId = SANDBOX_PROFILE_ID;
    if (!flags.sandbox) {
      const profile = profiles.save({ name: 'Command line', kind: 'gateway-overseas', host: flags.baseUrl! });
      profiles.activate(profile.id);
      try {
        await vault.set(profile.id, key!, { acceptWeakStorage: true });
      } catch (err) {
        // Said of the variable the key came from, not of the app's key field.
        fail(`the key in ${flags.keyEnv} ${(err as Error).message.replace(/^key: /, '')}`);
      }
      profileId = profile.id;
    }
    const loaded = await loadEval({ db, notices }, repos, flags.eval, spec, profileId, io.err);
    io.err(`${loaded.rows} rows read${loaded.skipped ? `, ${loaded.skipped} left out` : ''}`);

    let last: EvalRunProgress | undefined;
    let lastLine = '';
    service = new EvalRunService({
      evals: repos.evals,
      runs: repos.evalRuns,
      sets: repos.sets,
      client: new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() }),
      profiles,
      emit: (p) => {
        last = p;
        const line = `${p.done + p.failed}/${p.total} cells${p.failed ? ` (${p.failed} failed)` : ''}`;
        if (line !== lastLine) io.err((lastLine = line));
      },
    });
    const run = await runToEnd(service, loaded.record.id, flags.concurrency);
    if (run.state !== 'done') fail(`the run stopped: ${last?.pauseReason?.message ?? run.state}`);

    if (flags.out) {
      const format: EvalResultsFormat = extname(flags.out).toLowerCase() === '.csv' ? 'csv' : 'jsonl';
      const fd = openSync(flags.out, 'w');
      try {
        const source = {
          rows: (from: number, limit: number) => repos.evals.rows(loaded.record.id, from, limit),
          cells: (from: number, to: number) => repos.evalRuns.cells(run.id, from, to),
        };
        for (const chunk of evalResultsChunks(run.spec, loaded.questions, run.plan.rows, source, format, {
          raw: flags.raw,
        }))
          writeSync(fd, chunk);
      } finally {
        closeSync(fd);
      }
      io.err(`results written to ${flags.out}`);
    }

    // Every cell once, for the statistics and the JUnit file's errored cells.
    const perColumn = new Map<string, { errors: { name: string; message: string }[]; seconds: number }>();
    const figures = runFigures(run.spec, countedCells(repos, run.id, run.plan.rows, perColumn));
    io.out(columnsTable(run.spec, figures.stats));
    if (figures.comparisons.length) io.out('comparisons:');
    for (const line of comparisonLines(figures)) io.out(`  ${line}`);
    io.out(figures.gates.length ? 'minimums:' : 'minimums: none (the eval file sets none)');
    for (const g of figures.gates) io.out(`  ${g.pass ? 'pass' : 'FAIL'}: ${g.sentence}`);
    if (flags.report) {
      writeFileSync(
        flags.report,
        evalReportHtml({
          spec: run.spec,
          run,
          setName: loaded.setName,
          ...figures,
          columns: figures.stats,
          language: flags.language,
          generatedAt: Date.now(),
          appVersion: appVersion(),
        }),
      );
      io.err(`report written to ${flags.report}`);
    }
    if (flags.junit) {
      writeFileSync(flags.junit, junitXml(run.spec.name, junitColumns(run.spec, figures, perColumn)));
      io.err(`JUnit written to ${flags.junit}`);
    }
    const failed = figures.gates.filter((g) => !g.pass);
    for (const g of failed) io.err(`below the minimum: ${g.sentence}`);
    return failed.length ? EXIT.belowMinimum : EXIT.ok;
  } catch (err) {
    return failedWith(err, io, EVAL_RUN_USAGE);
  } finally {
    await service?.dispose();
    await sandbox?.close();
  }
}
