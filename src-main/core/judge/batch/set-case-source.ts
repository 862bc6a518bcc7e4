import type { BatchCase } from '../../../../src-shared/judge/batch-run';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { JudgeCaseRepository } from '../../db/judge-case-repository';
import type { CaseSource } from './case-source';

const PREFIX = 'set-cases:';

/** The key a run over a set's saved test cases keeps, so it finds them again after a restart. */
export const setCasesKey = (setId: string) => `${PREFIX}${setId}`;

/** A saved case's state as a batch run sends it: text, a list of texts, or a JSON object. */
export function batchCaseOf(c: JudgeCase): BatchCase {
  const { state } = c;
  if (typeof state === 'string') return { id: c.id, state: { mode: 'text', text: state } };
  if (Array.isArray(state)) return { id: c.id, state: { mode: 'list', text: JSON.stringify(state) } };
  return { id: c.id, state: { mode: 'json', text: JSON.stringify(state) } };
}

/** The saved test cases of the set a key names, page by page in their order; undefined for other keys. */
export function setCaseSource(cases: JudgeCaseRepository, key: string): CaseSource | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const setId = key.slice(PREFIX.length);
  return {
    count: () => cases.count(setId),
    page: (offset, limit) => cases.list(setId, { offset, limit }).map(batchCaseOf),
  };
}
