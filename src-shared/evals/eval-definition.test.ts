import { describe, expect, it } from 'vitest';
import { evalRecordSchema, evalSpecSchema } from './eval-definition';
import { sampleSpecInput } from './eval-spec.test-helper';
import { fieldPath } from './eval-file';

/** Each problem as `path: message`, as the eval file and the command line show it. */
const problems = (input: unknown) =>
  evalSpecSchema
    .safeParse(input)
    .error?.issues.map((i) => `${fieldPath(i.path) || '(root)'}: ${i.message}`) ?? [];

/** The sample with one change made by `edit`. */
const edited = (edit: (s: ReturnType<typeof sampleSpecInput> & Record<string, unknown>) => void) => {
  const s = sampleSpecInput() as ReturnType<typeof sampleSpecInput> & Record<string, unknown>;
  edit(s);
  return s;
};

describe('an eval’s definition', () => {
  it('takes a whole definition and fills the defaults', () => {
    expect(problems(sampleSpecInput())).toEqual([]);
    const spec = evalSpecSchema.parse(sampleSpecInput());
    expect(spec.variants[0]).toEqual({
      id: 'terse',
      name: 'Terse',
      system: 'Answer in one sentence.',
      user: '{{customer}} writes: {{issue}}',
      params: {},
    });
    expect(spec.grader?.state).toEqual({ mode: 'default' });
    expect(spec.checks[0]).toEqual({ kind: 'contains', text: '{{gold}}', ignoreCase: true });
    expect(spec.checks[2]).toEqual({ kind: 'regex', pattern: '^[A-Z]', flags: 'm' });
    expect(spec.minimums.map((m) => (m.kind === 'not-worse' ? m.kind : m.gate))).toEqual([
      'point',
      'lower-bound',
      'point',
    ]);
    const bare = evalSpecSchema.parse({
      ...sampleSpecInput(),
      checks: undefined,
      minimums: undefined,
      repeats: undefined,
    });
    expect([bare.checks, bare.minimums, bare.repeats]).toEqual([[], [], 1]);
  });

  it('names the field and the rule for every limit', () => {
    const variant = sampleSpecInput().variants[0];
    const target = sampleSpecInput().targets[0];
    expect(problems(edited((s) => (s.variants = [])))).toEqual([
      'variants: must hold 1 to 4 prompt variants',
    ]);
    expect(
      problems(edited((s) => (s.variants = ['1', '2', '3', '4', '5'].map((id) => ({ ...variant, id }))))),
    ).toEqual(['variants: must hold 1 to 4 prompt variants']);
    expect(
      problems(
        edited(
          (s) => (s.targets = ['1', '2', '3', '4', '5'].map((id) => ({ ...target, id, model: `m${id}` }))),
        ),
      ),
    ).toEqual(['targets: must hold 1 to 4 targets']);
    expect(problems(edited((s) => (s.repeats = 11)))).toEqual(['repeats: must be from 1 to 10']);
    expect(problems(edited((s) => (s.repeats = 1.5)))).toEqual(['repeats: must be a whole number']);
    expect(problems(edited((s) => (s.name = ' ')))).toEqual(['name: is required']);
    expect(problems(edited((s) => (s.variants[0].user = '')))).toEqual([
      'variants[0].user: is required: the user message is the prompt',
    ]);
    expect(problems(edited((s) => (s.variants[1].params = { temperature: 3 })))).toEqual([
      'variants[1].params.temperature: must be between 0 and 2',
    ]);
    expect(problems(edited((s) => (s.variants[0].id = 'has space')))).toEqual([
      'variants[0].id: must be a variant id: 1 to 40 letters, digits, _ or -',
    ]);
    expect(problems(edited((s) => (s.targets[0].model = 'x'.repeat(201))))).toEqual([
      'targets[0].model: must be at most 200 characters',
    ]);
    expect(
      problems(edited((s) => (s.checks = Array.from({ length: 21 }, () => ({ kind: 'valid-json' }))))),
    ).toEqual(['checks: must hold at most 20 checks']);
    expect(problems(edited((s) => (s.checks = [{ kind: 'max-length', chars: 0 }])))).toEqual([
      'checks[0].chars: must be from 1 to 10,000,000',
    ]);
    expect(problems(edited((s) => (s.checks = [{ kind: 'regex', pattern: '(' }])))).toEqual([
      expect.stringMatching(/^checks\[0\]\.pattern: must be a regular expression \(.*\)$/),
    ]);
    expect(problems(edited((s) => (s.checks = [{ kind: 'regex', pattern: 'a', flags: 'g' }])))).toEqual([
      'checks[0].flags: must be some of i, m, s and u, each once',
    ]);
    expect(problems(edited((s) => (s.checks = [{ kind: 'starts-with' }] as never)))).toEqual([
      'checks[0].kind: must be a check: contains, not-contains, regex, valid-json, json-schema, max-length, max-latency or max-cost',
    ]);
    expect(
      problems(
        edited((s) => (s.similarity = { embeddingsModel: 'e', referenceColumn: 'gold', threshold: 2 })),
      ),
    ).toEqual(['similarity.threshold: must be from -1 to 1']);
    expect(problems(edited((s) => (s.minimums = [{ kind: 'pass-rate', of: 'checks', min: 1.2 }])))).toEqual([
      'minimums[0].min: must be from 0 to 1',
    ]);
    expect(
      problems(edited((s) => (s.grader = { ...s.grader!, judgeModel: 'gpt' as 'judge-latest' }))),
    ).toEqual(['grader.judgeModel: must be one of judge-1.13.0, judge-latest, judge-preview']);
    expect(problems(edited((s) => (s.dataset.columns = ['reply'])))).toEqual([
      'dataset.columns[0]: must not be “reply”: the grader’s templates use {{reply}} for the reply',
      'variants[0].user: uses {{customer}}, which is not a column of the dataset (“reply”)',
      'variants[0].user: uses {{issue}}, which is not a column of the dataset (“reply”)',
      'variants[1].user: uses {{customer}}, which is not a column of the dataset (“reply”)',
      'variants[1].user: uses {{issue}}, which is not a column of the dataset (“reply”)',
    ]);
  });

  it('refuses a misspelt field by name instead of dropping it', () => {
    expect(problems(edited((s) => (s.minimum = [])))).toEqual(['(root): has no field “minimum”']);
    expect(
      problems(edited((s) => (s.checks = [{ kind: 'contains', text: 'x', ignorecase: true }] as never))),
    ).toEqual(['checks[0]: has no field “ignorecase”']);
  });

  it('checks every placeholder against the dataset and keeps the expected column out of the prompt', () => {
    expect(problems(edited((s) => (s.variants[0].system = 'Topic: {{topic}}')))).toEqual([
      'variants[0].system: uses {{topic}}, which is not a column of the dataset (“customer”, “issue”)',
    ]);
    expect(problems(edited((s) => (s.variants[1].user = 'Answer like {{gold}}')))).toEqual([
      'variants[1].user: uses {{gold}}, the expected column: the answer must not be in the prompt',
    ]);
    expect(problems(edited((s) => (s.checks = [{ kind: 'contains', text: '{{nope}}' }])))).toEqual([
      'checks[0].text: uses {{nope}}, which is not a column of the dataset (“customer”, “issue”, “gold”)',
    ]);
    const grader = sampleSpecInput().grader!;
    expect(
      problems(
        edited(
          (s) =>
            (s.grader = {
              ...grader,
              state: { mode: 'json', template: { q: '{{issue}}', a: '{{reply}}', g: '{{gold}}' } },
            }),
        ),
      ),
    ).toEqual([]);
    expect(
      problems(
        edited(
          (s) => (s.grader = { ...grader, state: { mode: 'list', template: ['{{issue}}', '{{answer}}'] } }),
        ),
      ),
    ).toEqual([
      'grader.state.template[1]: uses {{answer}}, which is not a column of the dataset (“customer”, “issue”, “gold”, “reply”)',
    ]);
    expect(
      problems(
        edited((s) => (s.similarity = { embeddingsModel: 'e', referenceColumn: 'ref', threshold: 0.5 })),
      ),
    ).toEqual(['similarity.referenceColumn: must be a column of the dataset (“customer”, “issue”, “gold”)']);
    expect(problems(edited((s) => (s.dataset.expectedColumn = 'issue')))).toEqual([
      'dataset.expectedColumn: must not be one of the columns: the expected value is kept out of the prompt',
      // The check's {{gold}} no longer names a column either.
      'checks[0].text: uses {{gold}}, which is not a column of the dataset (“customer”, “issue”)',
      'similarity.referenceColumn: must be a column of the dataset (“customer”, “issue”)',
    ]);
  });

  it('refuses repeated ids and targets, and references that do not resolve', () => {
    const s = sampleSpecInput();
    expect(problems({ ...s, variants: [s.variants[0], { ...s.variants[1], id: 'terse' }] })).toEqual([
      'variants[1].id: repeats the variant id “terse”',
      // The minimum on the variant that was “warm” now names none.
      'minimums[2].column.variantId: must be a variant of the eval (“terse”)',
    ]);
    expect(problems({ ...s, targets: [s.targets[0], { ...s.targets[0], id: 'c' }] })).toEqual([
      'targets[1]: repeats targets[0] (the same profile and model)',
    ]);
    expect(problems({ ...s, dataset: { ...s.dataset, columns: ['customer', 'issue', 'customer'] } })).toEqual(
      ['dataset.columns[2]: repeats the column “customer”'],
    );
    expect(
      problems({
        ...s,
        minimums: [{ kind: 'pass-rate', of: 'checks', min: 0.5, column: { variantId: 'x', targetId: 'b' } }],
      }),
    ).toEqual(['minimums[0].column.variantId: must be a variant of the eval (“terse”, “warm”)']);
    expect(
      problems({
        ...s,
        grader: undefined,
        minimums: [{ kind: 'mean-score', question: 'helpfulness', min: 1 }],
      }),
    ).toEqual(['minimums[0]: is on the question “helpfulness”, but the eval has no grader']);
  });

  it('takes “column B is not worse than column A” and names what it refers to that is missing', () => {
    const s = sampleSpecInput();
    const a = { variantId: 'terse', targetId: 'a' };
    const notWorse = (m: Record<string, unknown>) => ({ kind: 'not-worse', of: 'checks', a, ...m });
    const spec = evalSpecSchema.parse({
      ...s,
      minimums: [notWorse({ b: { variantId: 'warm', targetId: 'a' } })],
    });
    expect(spec.minimums[0]).toEqual({
      kind: 'not-worse',
      of: 'checks',
      a,
      b: { variantId: 'warm', targetId: 'a' },
      margin: 0,
    });
    expect(
      problems({
        ...s,
        minimums: [
          notWorse({ b: { variantId: 'cold', targetId: 'z' }, margin: 0.05 }),
          notWorse({ b: a }),
          notWorse({ b: { variantId: 'warm', targetId: 'b' }, margin: 2 }),
          notWorse({ of: { question: 'helpfulness' }, b: { variantId: 'warm', targetId: 'b' }, margin: 2 }),
          notWorse({ b: { variantId: 'warm', targetId: 'b' }, margin: -1 }),
        ],
      }),
    ).toEqual([
      'minimums[4].margin: must be from 0 to 25',
      'minimums[0].b.variantId: must be a variant of the eval (“terse”, “warm”)',
      'minimums[0].b.targetId: must be a target of the eval (“a”, “b”)',
      'minimums[1].b: must be another column than a (a column is never worse than itself)',
      'minimums[2].margin: must be from 0 to 1 for a pass rate of the checks',
    ]);
    expect(
      problems({
        ...s,
        grader: undefined,
        minimums: [notWorse({ of: { question: 'helpfulness' }, b: { variantId: 'warm', targetId: 'a' } })],
      }),
    ).toEqual(['minimums[0]: is on the question “helpfulness”, but the eval has no grader']);
    expect(problems({ ...s, minimums: [{ kind: 'not-worse', of: 'checks', a }] })).toEqual([
      'minimums[0].b: Invalid input: expected object, received undefined',
    ]);
  });

  it('reads a stored eval with its id and times, by the same rules', () => {
    const record = { ...sampleSpecInput(), id: 'e1', createdAt: 1, updatedAt: 2 };
    expect(evalRecordSchema.parse(record)).toMatchObject({ id: 'e1', name: 'Support replies', repeats: 2 });
    expect(evalRecordSchema.safeParse({ ...record, id: 'a b' }).error?.issues[0].message).toBe(
      'must be an eval id',
    );
    expect(evalRecordSchema.safeParse({ ...record, repeats: 0 }).success).toBe(false);
  });
});
