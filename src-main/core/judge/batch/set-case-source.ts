import type { BatchCase } from '../../../../src-shared/judge/batch-run';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { JudgeCaseRepository } from '../../db/judge-case-repository';
import type { CaseSource } from './case-source';

const PREFIX = 'set-cases:';
const FILTER = '?filter=';

/**
 * The key a run over a set's saved test cases keeps, so it finds them again after a restart:
 * `set-cases:<set id>` for all of them, `set-cases:<set id>?filter=<text, URI-encoded>` for those
 * the cases view's filter matches (a set id holds no `?`, so the two never mix up).
 */
export const setCasesKey = (setId: string, filter?: string) =>
  filter ? `${PREFIX}${setId}${FILTER}${encodeURIComponent(filter)}` : `${PREFIX}${setId}`;

/** The set and filter a key names; undefined for a key that is not a set's cases. */
export function parseSetCasesKey(key: string): { setId: string; filter?: string } | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const rest = key.slice(PREFIX.length);
  const at = rest.indexOf(FILTER);
  if (at < 0) return { setId: rest };
  try {
    const filter = decodeURIComponent(rest.slice(at + FILTER.length));
    return { setId: rest.slice(0, at), filter: filter || undefined };
  } catch {
    return undefined;
  }
}

/** A saved case's state as a batch run sends it: text, a list of texts, or a JSON object. */
export function batchCaseOf(c: JudgeCase): BatchCase {
  const { state } = c;
  if (typeof state === 'string') return { id: c.id, state: { mode: 'text', text: state } };
  if (Array.isArray(state)) return { id: c.id, state: { mode: 'list', text: JSON.stringify(state) } };
  return { id: c.id, state: { mode: 'json', text: JSON.stringify(state) } };
}

/** The saved test cases a key names (all, or those matching its filter), page by page in order. */
export function setCaseSource(cases: JudgeCaseRepository, key: string): CaseSource | undefined {
  const named = parseSetCasesKey(key);
  if (!named) return undefined;
  const { setId, filter } = named;
  return {
    count: () => cases.count(setId, filter),
    page: (offset, limit) => cases.list(setId, { offset, limit, filter }).map(batchCaseOf),
  };
}
