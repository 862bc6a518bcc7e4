import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { evalRequestBody, renderVariant } from '../../../src-shared/evals/render-variant';
import type { PlanCell } from '../../../src-shared/evals/run-plan';
import { requestCacheKey } from './request-cache-key';

export type CellRequest =
  { ok: true; body: ReturnType<typeof evalRequestBody>; cacheKey: string } | { ok: false; missing: string[] };

/**
 * A planned cell's request: its variant rendered for its row, the body Chat would send, and the
 * key its reply is cached by. `baseUrlOf` gives a profile's base URL (undefined: no such profile).
 */
export function cellRequest(
  spec: Pick<EvalSpec, 'variants' | 'targets'>,
  cell: PlanCell,
  row: DatasetRow,
  baseUrlOf: (profileId: string) => string | undefined,
): CellRequest {
  const variant = spec.variants.find((v) => v.id === cell.variantId);
  const target = spec.targets.find((t) => t.id === cell.targetId);
  if (!variant || !target) throw new Error(`cell ${cell.id} names no variant or target of the eval`);
  const baseUrl = baseUrlOf(target.profileId);
  if (baseUrl === undefined)
    throw new Error(`target ${target.id} names the profile ${target.profileId}, which does not exist`);
  const rendered = renderVariant(variant, row);
  if (!rendered.ok) return rendered;
  const body = evalRequestBody(variant, target, rendered.messages);
  return {
    ok: true,
    body,
    cacheKey: requestCacheKey({ baseUrl, model: target.model, body, sample: cell.sample }),
  };
}
