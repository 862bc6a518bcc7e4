import type { EvalSpecInput } from './eval-definition';

/**
 * A whole eval definition for tests: two prompt variants over a support dataset, two targets,
 * the sample support set as grader, a check of each kind and a minimum of each kind.
 */
export function sampleSpecInput(): EvalSpecInput {
  return {
    name: 'Support replies',
    dataset: { source: { kind: 'stored' }, columns: ['customer', 'issue'], expectedColumn: 'gold' },
    variants: [
      {
        id: 'terse',
        name: 'Terse',
        system: 'Answer in one sentence.',
        user: '{{customer}} writes: {{issue}}',
      },
      {
        id: 'warm',
        name: 'Warm',
        system: 'You are a kind support agent.',
        user: 'Customer {{customer}} says: {{ issue }}. Reply warmly.',
        params: { temperature: 0.7, seed: 3 },
      },
    ],
    targets: [
      { id: 'a', profileId: 'sandbox', model: 'sandbox-chat' },
      { id: 'b', profileId: 'sandbox', model: 'sandbox-chat-text' },
    ],
    grader: { set: { kind: 'saved', setId: 'support', revision: 2 }, judgeModel: 'judge-1.13.0' },
    checks: [
      { kind: 'contains', text: '{{gold}}', ignoreCase: true },
      { kind: 'not-contains', text: 'as an AI' },
      { kind: 'regex', pattern: '^[A-Z]', flags: 'm' },
      { kind: 'max-length', chars: 600 },
      { kind: 'max-latency', ms: 5000 },
      { kind: 'max-cost', yuan: 0.05 },
    ],
    similarity: { embeddingsModel: 'sandbox-embed', referenceColumn: 'gold', threshold: 0.8 },
    repeats: 2,
    minimums: [
      { kind: 'pass-rate', of: 'checks', min: 0.9 },
      { kind: 'pass-rate', of: { question: 'offers_refund' }, min: 0.5, gate: 'lower-bound' },
      { kind: 'mean-score', question: 'helpfulness', min: 2, column: { variantId: 'warm', targetId: 'a' } },
    ],
  };
}
