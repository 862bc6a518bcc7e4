import { checkReply } from '../chat/format-check';
import type { SchemaValidator } from '../../../src-shared/evals/eval-checks';

/**
 * The eval's `json-schema` check, with the checker Structured outputs use (format-check.ts: Ajv,
 * each schema compiled once, no `$ref` fetched). Main only: Ajv compiles code.
 */
export const validateJsonSchema: SchemaValidator = (value, schema) => {
  const check = checkReply(JSON.stringify(value), {
    type: 'json_schema',
    json_schema: { name: 'eval_check', schema },
  });
  if (check.outcome === 'valid') return [];
  if (check.outcome === 'schema-error') return [`the schema cannot be used (${check.detail ?? 'unknown'})`];
  const shown = (check.violations ?? []).map((v) => `${v.path || '(root)'} ${v.message}`);
  return check.more ? [...shown, ...Array.from({ length: check.more }, () => '…')] : shown;
};
