import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import { LabelledRunCache } from './labelled-run';

function setup() {
  const db = openMemoryDatabase();
  const big = seedBigRun(db, 120);
  const repos = createRepositories({ db, notices: new StorageNotices() });
  const reads: string[] = [];
  const cases = {
    ...repos.cases,
    all: (setId: string, filter?: string) => {
      reads.push(setId);
      return repos.cases.all(setId, filter);
    },
  };
  const labelled = new LabelledRunCache({ ...repos, cases, labelsStamp: casesStamp(db) });
  return { big, repos, labelled, reads };
}

describe('loaded runs', () => {
  it('read a set’s cases once for two runs of it (a drift), and again once a case changes', () => {
    const { big, repos, labelled, reads } = setup();
    const a = labelled.get(big.runA);
    const b = labelled.get(big.runB);
    expect(reads).toEqual([big.setId]);
    expect(a.rows.length).toBe(120);
    expect(b.rows.map((r) => r.caseId)).toEqual(a.rows.map((r) => r.caseId));
    // Each run still has its own results with the shared cases' labels.
    expect(b.rows[0].result?.runId).toBe(big.runB);
    expect(b.rows[0].labelled.labels).toEqual(a.rows[0].labelled.labels);

    const [first] = repos.cases.list(big.setId, { offset: 0, limit: 1 });
    repos.cases.update({
      ...first,
      expected: { ...first.expected, cats: !first.expected.cats },
      updatedAt: 99,
    });
    const edited = labelled.get(big.runB);
    expect(reads).toEqual([big.setId, big.setId]);
    expect(edited.rows[0].labelled.labels.cats).toBe(!a.rows[0].labelled.labels.cats);
  });
});
