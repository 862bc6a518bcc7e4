import { GatewayError } from '../../gateway/gateway-error';
import { AppFailure } from '../../../../src-shared/result';
import type { PauseReason } from '../../../../src-shared/judge/batch-run';
import { JUDGE_RESERVATION_YUAN } from '../../../../src-shared/judge/judge-estimate';
import type { CaseOutcome } from './batch-runner';

/** Errors that every later case would meet too: the run pauses instead of failing them all. */
export function pauseReasonOf(err: unknown, at: number): PauseReason | undefined {
  if (err instanceof GatewayError && (err.code === 'payment_required' || err.code === 'unauthorized')) {
    const why =
      err.code === 'payment_required'
        ? `The balance cannot cover the next request: each judge request in flight reserves about ${JUDGE_RESERVATION_YUAN.toFixed(3)} yuan until it is answered. Top up, or resume with a lower concurrency.`
        : 'The gateway refused the API key. Check the key in Settings, then resume.';
    return {
      code: err.code,
      message: err.gatewayMessage ? `${why} (${err.gatewayMessage})` : why,
      status: err.status,
      at,
    };
  }
  if (err instanceof GatewayError && err.code === 'network')
    return { code: 'network', message: `${err.message} Resume when the gateway can be reached.`, at };
  if (err instanceof AppFailure && err.error.code === 'no_key')
    return { code: 'no_key', message: err.message, at };
  return undefined;
}

export function caseError(err: unknown): NonNullable<CaseOutcome['error']> {
  if (err instanceof GatewayError)
    return { code: err.code, message: err.message, status: err.status, requestId: err.requestId };
  if (err instanceof AppFailure)
    return { code: err.error.code, message: err.message, status: err.error.status };
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
