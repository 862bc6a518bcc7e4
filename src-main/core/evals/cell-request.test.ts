import { describe, expect, it } from 'vitest';
import { evalSpecSchema, type EvalSpec } from '../../../src-shared/evals/eval-definition';
import { sampleSpecInput } from '../../../src-shared/evals/eval-spec.test-helper';
import { planCells } from '../../../src-shared/evals/run-plan';
import { cellRequest } from './cell-request';
import { requestCacheKey } from './request-cache-key';

const rows = [
  { variables: { customer: 'Ada', issue: 'late parcel' }, expected: 'refund' },
  { variables: { customer: 'Bo', issue: 'broken lid' } },
  { variables: { customer: 'Cy', issue: 'double charge' }, expected: 'refund' },
];
const profiles: Record<string, string> = {
  sandbox: 'http://127.0.0.1:7000/v1',
  other: 'https://gw.example/v1',
};
const baseUrlOf = (id: string) => profiles[id];

/** Every cell's cache key, by cell id. */
function keys(spec: EvalSpec, urls = baseUrlOf): Map<string, string> {
  const out = new Map<string, string>();
  for (const cell of planCells(spec, rows.length)) {
    const r = cellRequest(spec, cell, rows[cell.row], urls);
    if (!r.ok) throw new Error(`missing ${r.missing.join()}`);
    out.set(cell.id, r.cacheKey);
  }
  return out;
}
const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...a].filter(([id, k]) => b.get(id) !== k).map(([id]) => id);

const spec = evalSpecSchema.parse(sampleSpecInput());

describe('the request cache key', () => {
  it('is the sha256 of the request’s canonical JSON: key order does not change it', () => {
    const key = requestCacheKey({
      baseUrl: 'http://x/v1',
      model: 'm',
      body: { b: 1, a: [1, { y: 2, x: 1 }] },
      sample: 0,
    });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      requestCacheKey({
        sample: 0,
        body: { a: [1, { x: 1, y: 2 }], b: 1 },
        model: 'm',
        baseUrl: 'http://x/v1',
      }),
    ).toBe(key);
    // Worked by hand (printf … | sha256sum): sha256 of {"baseUrl":"http://x/v1","body":{},"model":"m","sample":0,"scheme":1}.
    expect(requestCacheKey({ baseUrl: 'http://x/v1', model: 'm', body: {}, sample: 0 })).toBe(
      'f6bc9ea81af18c37261350a658c0ea4c5407b7c6d09a5d913a57ccb3b33a15aa',
    );
  });

  it('differs by base URL, model, body and sample', () => {
    const base = { baseUrl: 'http://x/v1', model: 'm', body: { temperature: 0.5 }, sample: 0 };
    const all = [
      base,
      { ...base, baseUrl: 'http://x/v2' },
      { ...base, model: 'n' },
      { ...base, body: { temperature: 0.6 } },
      { ...base, sample: 1 },
    ].map(requestCacheKey);
    expect(new Set(all).size).toBe(all.length);
  });

  it('after editing variant 2, only variant 2’s cells have new keys', () => {
    const before = keys(spec);
    expect(before.size).toBe(3 * 2 * 2 * 2);
    expect(new Set(before.values()).size).toBe(before.size); // every cell, every sample its own
    const edited = {
      ...spec,
      variants: [spec.variants[0], { ...spec.variants[1], user: `${spec.variants[1].user} Be brief.` }],
    };
    const moved = changed(before, keys(edited));
    expect(moved.sort()).toEqual([...before.keys()].filter((id) => id.split('.')[1] === 'warm').sort());
    // A parameter is part of the request too; a name is not.
    const hotter = {
      ...spec,
      variants: [spec.variants[0], { ...spec.variants[1], params: { temperature: 0.9, seed: 3 } }],
    };
    expect(changed(before, keys(hotter)).every((id) => id.includes('.warm.'))).toBe(true);
    const renamed = { ...spec, variants: [{ ...spec.variants[0], name: 'Short' }, spec.variants[1]] };
    expect(changed(before, keys(renamed))).toEqual([]);
  });

  it('after moving a target to another gateway, only that target’s cells have new keys', () => {
    const before = keys(spec);
    const moved = { ...spec, targets: [spec.targets[0], { ...spec.targets[1], profileId: 'other' }] };
    expect(changed(before, keys(moved)).sort()).toEqual(
      [...before.keys()].filter((id) => id.split('.')[2] === 'b').sort(),
    );
  });

  it('names the missing variables instead of a key', () => {
    const [cell] = planCells(spec, 1);
    expect(cellRequest(spec, cell, { variables: { customer: 'Ada' } }, baseUrlOf)).toEqual({
      ok: false,
      missing: ['issue'],
    });
    expect(() => cellRequest(spec, cell, rows[0], () => undefined)).toThrow(
      /names the profile sandbox, which does not exist/,
    );
  });
});
