import { describe, expect, it } from 'vitest';
import { evalCheckSchema, type EvalCheck } from './eval-check-schema';
import { type CheckedReply, checksPassed, runCheck, runChecks, type SchemaValidator } from './eval-checks';

const reply = (text: string, more: Partial<CheckedReply> = {}): CheckedReply => ({
  text,
  latencyMs: 1200,
  costYuan: 0.004,
  row: { variables: { customer: 'Ada' }, expected: 'Refund' },
  expectedColumn: 'gold',
  ...more,
});
const check = (c: unknown): EvalCheck => evalCheckSchema.parse(c);
/** A validator that requires a number `n`; the real one is Ajv's, in main. */
const needsN: SchemaValidator = (value) =>
  typeof (value as { n?: unknown }).n === 'number'
    ? []
    : ['/n must be number', '/n is required', '/x a', '/y b'];
const run = (c: unknown, r: CheckedReply) => runCheck(check(c), r, needsN);

describe('the deterministic checks', () => {
  it('contains and not-contains, with the row’s values filled and case ignored on request', () => {
    expect(run({ kind: 'contains', text: '{{gold}}' }, reply('We will refund you, Ada.'))).toEqual({
      kind: 'contains',
      pass: false,
      reason: 'does not contain “Refund”',
    });
    expect(
      run({ kind: 'contains', text: '{{gold}}', ignoreCase: true }, reply('We will refund you.')),
    ).toEqual({
      kind: 'contains',
      pass: true,
      reason: 'contains “Refund” (ignoring case)',
    });
    expect(run({ kind: 'not-contains', text: 'as an AI' }, reply('As an AI, I…'))).toMatchObject({
      pass: true,
    });
    expect(run({ kind: 'not-contains', text: 'as an AI', ignoreCase: true }, reply('As an AI, I…'))).toEqual({
      kind: 'not-contains',
      pass: false,
      reason: 'contains “as an AI” (ignoring case)',
    });
    expect(run({ kind: 'contains', text: '{{gold}}' }, reply('x', { row: { variables: {} } }))).toEqual({
      kind: 'contains',
      pass: null,
      reason: 'cannot be checked: the check needs {{gold}}, which the row does not have',
    });
  });

  it('regex, valid JSON and a JSON schema', () => {
    expect(run({ kind: 'regex', pattern: '^order #\\d+$', flags: 'im' }, reply('Hi\nOrder #42'))).toEqual({
      kind: 'regex',
      pass: true,
      reason: 'matches /^order #\\d+$/im',
    });
    expect(run({ kind: 'regex', pattern: '^\\d+$' }, reply('42 apples'))).toMatchObject({
      pass: false,
      reason: 'does not match /^\\d+$/',
    });
    expect(run({ kind: 'valid-json' }, reply('{"a": 1}'))).toEqual({
      kind: 'valid-json',
      pass: true,
      reason: 'is valid JSON',
    });
    expect(run({ kind: 'valid-json' }, reply('{a: 1}'))).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/^is not valid JSON \(.+\)$/),
    });
    const schema = { kind: 'json-schema', schema: { type: 'object', required: ['n'] } };
    expect(run(schema, reply('{"n": 3}'))).toEqual({
      kind: 'json-schema',
      pass: true,
      reason: 'matches the schema',
    });
    expect(run(schema, reply('{"n": "3"}'))).toEqual({
      kind: 'json-schema',
      pass: false,
      reason: 'does not match the schema: /n must be number; /n is required; /x a (and 1 more)',
    });
    expect(run(schema, reply('three'))).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/^is not valid JSON/),
    });
  });

  it('length in characters as a person counts them, latency and cost ceilings', () => {
    expect(run({ kind: 'max-length', chars: 3 }, reply('👍👍👍'))).toEqual({
      kind: 'max-length',
      pass: true,
      reason: 'is 3 characters (at most 3)',
    });
    expect(run({ kind: 'max-length', chars: 1000 }, reply('x'.repeat(1001)))).toEqual({
      kind: 'max-length',
      pass: false,
      reason: 'is 1,001 characters, over the limit of 1,000',
    });
    expect(run({ kind: 'max-latency', ms: 1200 }, reply('x'))).toMatchObject({
      pass: true,
      reason: 'took 1,200 ms (at most 1,200)',
    });
    expect(run({ kind: 'max-latency', ms: 1000 }, reply('x'))).toMatchObject({
      pass: false,
      reason: 'took 1,200 ms, over the limit of 1,000',
    });
    expect(run({ kind: 'max-cost', yuan: 0.01 }, reply('x'))).toMatchObject({
      pass: true,
      reason: 'cost ¥0.004 (at most ¥0.01)',
    });
    expect(run({ kind: 'max-cost', yuan: 0.001 }, reply('x'))).toMatchObject({
      pass: false,
      reason: 'cost ¥0.004, over the limit of ¥0.001',
    });
    expect(run({ kind: 'max-cost', yuan: 0.001 }, reply('x', { costYuan: undefined }))).toEqual({
      kind: 'max-cost',
      pass: null,
      reason: 'cannot be checked: the cost is not known (no price for this model)',
    });
  });

  it('runs every check in order; a cell passes only when each one passed', () => {
    const checks = [check({ kind: 'valid-json' }), check({ kind: 'max-cost', yuan: 1 })];
    const results = runChecks(checks, reply('{}'), needsN);
    expect(results.map((r) => [r.kind, r.pass])).toEqual([
      ['valid-json', true],
      ['max-cost', true],
    ]);
    expect(checksPassed(results)).toBe(true);
    expect(checksPassed(runChecks(checks, reply('{}', { costYuan: undefined }), needsN))).toBe(false);
    expect(checksPassed([])).toBe(true);
  });
});
