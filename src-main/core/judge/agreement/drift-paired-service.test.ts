import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import { LabelledRunCache } from '../batch/labelled-run';
import { AgreementService } from './agreement-service';

/** The paired statistics as the drift route serves them (docs/architecture.md, "Judge agreement and drift"). */
describe('a drift’s paired statistics', () => {
  it('come with every compared question, on the cases the deltas read, agreeing with the shared drift’s metrics', () => {
    const db = openMemoryDatabase();
    const big = seedBigRun(db, 400);
    const repos = createRepositories({ db, notices: new StorageNotices() });
    const labelled = new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) });
    const service = new AgreementService({ labelled });
    const phases = new Set<string>();
    const drift = service.drift(
      { a: big.runA, b: big.runB, offset: 0, limit: 5 },
      { onProgress: (phase) => phases.add(phase) },
    );
    // The three questions pair the same cases: one set of resamples for all of them.
    expect([...phases]).toEqual(['tone, quality, cats']);
    const byName = Object.fromEntries(drift.questions.map((q) => [q.question, q]));
    for (const q of drift.questions) {
      const paired = q.paired!;
      expect(paired.cases, q.question).toBe(q.coverage.labelled);
      expect(paired.flips.cases).toBe(paired.cases);
      const accuracy = paired.deltas.find((d) => d.metric === 'accuracy')!;
      const shared = q.metrics[q.type === 'score' ? 'exact' : 'accuracy'];
      expect(accuracy.a).toBeCloseTo(shared.a!, 12);
      expect(accuracy.b).toBeCloseTo(shared.b!, 12);
      // The accuracy delta is the flips' balance over the cases.
      expect(accuracy.delta.estimate).toBeCloseTo(
        (paired.flips.bOnly - paired.flips.aOnly) / paired.cases,
        12,
      );
      expect(accuracy.delta).toMatchObject({ seed: 1, requestedResamples: 1000, confidence: 0.95 });
    }
    const auc = byName.cats.paired!.deltas.find((d) => d.metric === 'auc')!;
    expect(auc).toMatchObject({ headline: true, a: byName.cats.metrics.auc.a, b: byName.cats.metrics.auc.b });
    const mae = byName.quality.paired!.deltas.find((d) => d.metric === 'maeExpectedValue')!;
    expect(mae.headline).toBe(true);
    expect(mae.a).toBeCloseTo(byName.quality.metrics.maeExpectedValue.a!, 12);
    expect(byName.tone.paired!.deltas.map((d) => [d.metric, d.headline])).toEqual([['accuracy', true]]);
  });
});
