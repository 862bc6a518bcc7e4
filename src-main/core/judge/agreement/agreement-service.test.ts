import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import {
  AGREEMENT_BOOTSTRAP,
  choiceDrift,
  noulDrift,
  pairQuestion,
  scoreDrift,
  type AnsweredCase,
  type ChoiceCase,
} from '../../../../src-shared/judge/metrics';
import { BAND_POINTS, crossValidatedThreshold, curveBandSteps } from '../../../../src-shared/stats';
import { LabelledRunCache } from '../batch/labelled-run';
import { AgreementService } from './agreement-service';
import { pairings } from './paired-questions';

function setup(cases = 300) {
  const db = openMemoryDatabase();
  const big = seedBigRun(db, cases);
  const repos = createRepositories({ db, notices: new StorageNotices() });
  const labelled = new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) });
  return { big, repos, labelled, service: new AgreementService({ labelled }) };
}

describe('agreement and drift of loaded runs', () => {
  it('pair run A’s questions once for its agreement and a drift after it', () => {
    const { big, service } = setup();
    const before = pairings.count;
    service.agreement(big.runA);
    expect(pairings.count - before).toBe(3);
    service.drift({ a: big.runA, b: big.runB, offset: 0, limit: 10 });
    service.drift({ a: big.runA, b: big.runB, offset: 10, limit: 10 });
    expect(pairings.count - before).toBe(3);
    // Another run's agreement takes the place of run A's pairs.
    service.agreement(big.runB);
    expect(pairings.count - before).toBe(6);
  });

  it('page the flips as the shared drift finds them, question after question, in run A’s order', () => {
    const { big, labelled, service } = setup();
    const a = labelled.get(big.runA);
    const b = labelled.get(big.runB);
    // The flips as the shared helpers give them, question by question (threshold 0.5, no tuning).
    const expected = a.questions.flatMap((q) => {
      const pa = pairQuestion(
        q,
        a.rows.map((r) => r.labelled),
      );
      const pb = pairQuestion(
        q,
        b.rows.map((r) => r.labelled),
      );
      if (pa.type === 'noul' && pb.type === 'noul')
        return noulDrift(pa.answered, pb.answered, 0.5).flips.map((f) => [q.name, f.id, f.a, f.b]);
      const drift = pa.type === 'choice' ? choiceDrift : scoreDrift;
      const names = pa.type === 'choice' ? pa.options : q.levels.map((l, i) => `${i + 1} · ${l}`);
      return drift(
        pa.answered as AnsweredCase<ChoiceCase>[],
        pb.answered as AnsweredCase<ChoiceCase>[],
      ).flips.map((f) => [q.name, f.id, names[f.a], names[f.b]]);
    });
    expect(expected.length).toBeGreaterThan(150);

    const seen: unknown[] = [];
    let total = -1;
    for (let offset = 0; offset < expected.length + 7; offset += 7) {
      const page = service.drift({ a: big.runA, b: big.runB, offset, limit: 7 });
      total = page.flipsTotal;
      for (const f of page.flipped) {
        seen.push([f.question, f.caseId, f.a.decision, f.b.decision]);
        const row = a.rows.find((r) => r.caseId === f.caseId)!;
        expect(f.position).toBe(row.position);
        expect(f.stateExcerpt).toBe(row.state.text.replace(/\s+/g, ' ').trim());
      }
    }
    expect(total).toBe(expected.length);
    expect(seen).toEqual(expected);
  });

  it('give every metric its interval and report the bootstrap question by question', () => {
    const { big, service } = setup();
    const phases = new Set<string>();
    const agreement = service.agreement(big.runA, (p) => phases.add(`${p.question}: ${p.metric}`));
    for (const q of agreement.questions) {
      expect(q.intervals).toBeDefined();
      const i = q.intervals!;
      if (q.type === 'noul') {
        expect(i).toMatchObject({ auc: { estimate: q.auc.auc, seed: 1 }, kappa: { weights: 'none' } });
        expect(phases.has(`${q.question}: auc, ece`)).toBe(true);
      } else if (q.type === 'choice') {
        expect(i).toMatchObject({ accuracy: { estimate: q.summary.accuracy }, kappa: { weights: 'none' } });
      } else {
        expect(i).toMatchObject({ exact: { estimate: q.summary.exact }, kappa: { weights: 'quadratic' } });
        expect(phases.has(`${q.question}: maeChosen, maeExpectedValue, spearman`)).toBe(true);
      }
    }
  });

  it('cross-validate the noul threshold tuned on the labels, stating folds and seed', () => {
    const { big, labelled, service } = setup();
    const agreement = service.agreement(big.runA);
    const loaded = labelled.get(big.runA);
    const nouls = agreement.questions.filter((q) => q.type === 'noul');
    expect(nouls.length).toBeGreaterThan(0);
    for (const q of nouls) {
      const paired = pairQuestion(
        loaded.questions.find((x) => x.name === q.question)!,
        loaded.rows.map((r) => r.labelled),
      );
      if (paired.type !== 'noul') throw new Error('expected a noul question');
      expect(q.tunedThreshold).toEqual(crossValidatedThreshold(paired.cases, { folds: 5, seed: 1 }));
      expect(q.tunedThreshold).toMatchObject({ method: 'crossValidation', folds: 5, seed: 1 });
      expect(q.tunedThreshold?.cases).toBe(q.coverage.used);
    }
  });

  it('band the noul ROC and precision–recall curves by the seeded bootstrap on a fixed grid, reported as it goes', () => {
    const { big, labelled, service } = setup();
    const phases = new Set<string>();
    const agreement = service.agreement(big.runA, (p) => phases.add(`${p.question}: ${p.metric}`));
    const loaded = labelled.get(big.runA);
    for (const q of agreement.questions) {
      if (q.type !== 'noul') continue;
      const paired = pairQuestion(
        loaded.questions.find((x) => x.name === q.question)!,
        loaded.rows.map((r) => r.labelled),
      );
      if (paired.type !== 'noul') throw new Error('expected a noul question');
      const steps = curveBandSteps(paired.cases, AGREEMENT_BOOTSTRAP);
      let step = steps.next();
      while (!step.done) step = steps.next();
      expect(q.bands).toEqual(step.value);
      for (const band of [q.bands?.roc, q.bands?.pr]) {
        expect(band).toMatchObject({ seed: 1, requestedResamples: 1000, rows: q.coverage.used });
        if (band?.reason) throw new Error(`expected a band, got ${band.reason}`);
        expect(band?.x).toHaveLength(BAND_POINTS);
      }
      expect(phases.has(`${q.question}: curve bands`)).toBe(true);
    }
  });
});
