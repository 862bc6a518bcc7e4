import fc from 'fast-check';
import type { ErrorCode, Result } from '../../../src-shared/result';

/** Every code an AppError may carry; the Record makes a code added to the type a compile error here. */
const CODES: Record<ErrorCode, true> = {
  bad_request: true,
  unauthorized: true,
  payment_required: true,
  forbidden: true,
  not_found: true,
  link_expired: true,
  too_large: true,
  overloaded: true,
  rate_limited: true,
  server_error: true,
  http_error: true,
  network: true,
  timeout: true,
  aborted: true,
  bad_response: true,
  stream_error: true,
  invalid_input: true,
  forbidden_sender: true,
  unknown_route: true,
  no_key: true,
  storage: true,
  disk_full: true,
  internal: true,
};

/** Why a call's answer is not a Result the window can use, or undefined when it is one. */
export function resultProblem(answer: unknown): string | undefined {
  if (answer === null || typeof answer !== 'object') return `not a Result: ${String(answer)}`;
  const r = answer as Partial<Result<unknown>> & { error?: { code?: unknown; message?: unknown } };
  if (r.ok === true) {
    if (!('data' in r)) return 'ok without data';
  } else if (r.ok === false) {
    if (typeof r.error?.code !== 'string' || !Object.hasOwn(CODES, r.error.code))
      return `unknown error code ${String(r.error?.code)}`;
    if (typeof r.error.message !== 'string' || r.error.message.trim() === '')
      return 'error without a message';
  } else return 'neither ok nor failed';
  // What crosses IPC is structured-cloned (Electron) or JSON (browser mode): both must work.
  try {
    structuredClone(answer);
    JSON.stringify(answer);
  } catch (err) {
    return `cannot cross IPC: ${(err as Error).message}`;
  }
  return undefined;
}

export type Outcome =
  { kind: 'answer'; value: unknown } | { kind: 'threw'; error: unknown } | { kind: 'hang' };

/** Runs one call with a deadline: a call that never settles is a finding, not a stuck test. */
export async function withDeadline(call: () => Promise<unknown>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hang' }), ms);
  });
  try {
    return await Promise.race([
      call().then(
        (value): Outcome => ({ kind: 'answer', value }),
        (error: unknown): Outcome => ({ kind: 'threw', error }),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Tallies for the closing summary line. */
export class FuzzTally {
  calls = 0;
  ok = 0;
  failed = 0;
  crashes: string[] = [];
  readonly codes = new Map<string, number>();
  readonly internal = new Set<string>();

  record(name: string, outcome: Outcome): string | undefined {
    this.calls++;
    let problem: string | undefined;
    if (outcome.kind === 'hang') problem = 'did not settle in time';
    else if (outcome.kind === 'threw') problem = `threw ${String(outcome.error)}`;
    else {
      problem = resultProblem(outcome.value);
      if (!problem) {
        const r = outcome.value as Result<unknown>;
        if (r.ok) this.ok++;
        else {
          this.failed++;
          this.codes.set(r.error.code, (this.codes.get(r.error.code) ?? 0) + 1);
          if (r.error.code === 'internal') this.internal.add(`${name}: ${r.error.message}`);
        }
      }
    }
    if (problem) this.crashes.push(`${name}: ${problem}`);
    return problem;
  }
}

/** A value for a failure message: short, and never a stack overflow on a deeply nested input. */
function preview(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
  } catch {
    return '(too deeply nested to print)';
  }
}

/**
 * fc.assert, with a failure report that names the seed and path to replay and a short preview of
 * the input: fast-check's own printer recurses and overflows on the deeply nested inputs.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  params: fc.Parameters<Ts>,
): Promise<void> {
  const details = await fc.check(property, params);
  if (!details.failed) return;
  throw new Error(
    `failed after ${details.numRuns} runs; replay with FUZZ_SEED=${details.seed} ` +
      `(path "${details.counterexamplePath}"): ${String(details.errorInstance)}; ` +
      `input ${preview(details.counterexample)}`,
  );
}
