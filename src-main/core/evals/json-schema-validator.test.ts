import { describe, expect, it } from 'vitest';
import { evalCheckSchema } from '../../../src-shared/evals/eval-check-schema';
import { runCheck } from '../../../src-shared/evals/eval-checks';
import { validateJsonSchema } from './json-schema-validator';

const schema = {
  type: 'object',
  properties: { refund: { type: 'boolean' }, amount: { type: 'number', minimum: 0 } },
  required: ['refund'],
  additionalProperties: false,
};
const check = evalCheckSchema.parse({ kind: 'json-schema', schema });
const run = (text: string) =>
  runCheck(check, { text, latencyMs: 1, row: { variables: {} } }, validateJsonSchema);

describe('the json-schema check with Ajv', () => {
  it('passes a conforming reply and names each violation by its path', () => {
    expect(run('{"refund": true, "amount": 3}')).toEqual({
      kind: 'json-schema',
      pass: true,
      reason: 'matches the schema',
    });
    expect(run('{"amount": -1, "why": "x"}')).toEqual({
      kind: 'json-schema',
      pass: false,
      reason:
        'does not match the schema: /refund is required; /why is not allowed by the schema; /amount must be >= 0',
    });
    expect(validateJsonSchema([], { type: 'object' })).toEqual(['(root) must be object']);
  });

  it('says when the schema itself cannot be used', () => {
    expect(validateJsonSchema({}, { $ref: 'https://example.com/s.json' })).toEqual([
      expect.stringMatching(/^the schema cannot be used \(.+\)$/),
    ]);
  });
});
