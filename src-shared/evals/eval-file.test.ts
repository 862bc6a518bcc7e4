import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evalSpecSchema } from './eval-definition';
import { parseEvalFile, problemLines, serializeEvalFile } from './eval-file';
import { sampleSpecInput } from './eval-spec.test-helper';

const lines = (text: string) => {
  const parsed = parseEvalFile(text);
  return parsed.ok ? [] : problemLines(parsed.problems);
};
const fileWith = (fields: Record<string, unknown>) =>
  JSON.stringify({ gatehouse: 'eval', version: 1, ...sampleSpecInput(), ...fields });

describe('the eval file', () => {
  it('writes the envelope first and reads back the same definition', () => {
    const text = serializeEvalFile(sampleSpecInput());
    expect(text.startsWith('{\n  "gatehouse": "eval",\n  "version": 1,\n  "name": "Support replies"')).toBe(
      true,
    );
    const parsed = parseEvalFile(text);
    expect(parsed).toEqual({ ok: true, spec: evalSpecSchema.parse(sampleSpecInput()) });
    // Written again, the text is the same: defaults are written out, nothing is added.
    expect(serializeEvalFile(parsed.ok ? parsed.spec : sampleSpecInput())).toBe(text);
  });

  it('writes a not-worse minimum with its margin and reads it back; its problems are listed by field', () => {
    const notWorse = {
      kind: 'not-worse',
      of: { question: 'helpfulness' },
      a: { variantId: 'terse', targetId: 'a' },
      b: { variantId: 'warm', targetId: 'a' },
    } as const;
    const text = serializeEvalFile({ ...sampleSpecInput(), minimums: [notWorse] });
    expect(text).toContain('"margin": 0');
    const parsed = parseEvalFile(text);
    expect(parsed.ok && parsed.spec.minimums).toEqual([{ ...notWorse, margin: 0 }]);
    expect(serializeEvalFile(parsed.ok ? parsed.spec : sampleSpecInput())).toBe(text);
    expect(lines(fileWith({ minimums: [{ ...notWorse, b: { variantId: 'warm', targetId: 'q' } }] }))).toEqual(
      ['minimums[0].b.targetId: must be a target of the eval (“a”, “b”)'],
    );
  });

  it('says what the file is when it is not an eval file of a version it reads', () => {
    expect(lines('{"name": ')).toEqual([expect.stringMatching(/^is not JSON \(.+\)$/)]);
    expect(lines('[1]')).toEqual(['must be a JSON object: {"gatehouse": "eval", "version": 1, …}']);
    expect(lines(JSON.stringify({ schema: 'gatehouse.question-set', version: 2 }))).toEqual([
      'gatehouse: is missing: this is not a Gatehouse eval file ({"gatehouse": "eval", …})',
    ]);
    expect(lines(fileWith({ gatehouse: 'question-set' }))).toEqual([
      'gatehouse: must be "eval" (found "question-set"): this is not an eval file',
    ]);
    expect(lines(fileWith({ version: '1' }))).toEqual([
      'version: must be a whole number from 1 (this Gatehouse reads version 1)',
    ]);
    expect(lines(fileWith({ version: 2 }))).toEqual([
      'version: is 2: the file was written by a newer Gatehouse (this one reads up to version 1); update Gatehouse to read it',
    ]);
    expect(lines(`{"gatehouse":"eval","version":1,"x":${'['.repeat(150)}${']'.repeat(150)}}`)).toEqual([
      'is nested deeper than 100 levels',
    ]);
    expect(lines(' '.repeat(5_000_001))).toEqual([
      'must be at most 5 MB: an eval file holds the definition, its dataset is a path',
    ]);
  });

  it('lists the definition’s problems by field', () => {
    const s = sampleSpecInput();
    expect(
      lines(fileWith({ repeats: 0, targets: [], variants: [{ ...s.variants[0], user: '{{topic}}' }] })),
    ).toEqual([
      'targets: must hold 1 to 4 targets',
      'repeats: must be from 1 to 10',
      'variants[0].user: uses {{topic}}, which is not a column of the dataset (“customer”, “issue”)',
      'minimums[2].column.variantId: must be a variant of the eval (“terse”)',
    ]);
    expect(
      // A field of the wrong shape stops the rules between fields, which would only repeat it.
      lines(fileWith({ dataset: { source: { kind: 'file' }, columns: ['customer', 'issue'] } })),
    ).toEqual(['dataset.source.path: is required']);
  });

  it('reads back any name, templates and repeats it wrote (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() === t && t.length > 0);
    fc.assert(
      fc.property(
        text,
        text,
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (name, words, repeats, temperature) => {
          const spec = sampleSpecInput();
          spec.name = name;
          spec.repeats = repeats;
          spec.variants[0] = { ...spec.variants[0], user: `${words} {{issue}}`, params: { temperature } };
          const parsed = parseEvalFile(serializeEvalFile(spec));
          expect(parsed.ok && parsed.spec).toEqual(evalSpecSchema.parse(spec));
        },
      ),
      { numRuns: 100 },
    );
  });
});
