import { requireRun } from './require-run';
import type { EvalRun } from '../../../src-shared/evals/eval-run';
import type {
  EvalCellDetail,
  EvalCellKey,
  EvalCellMark,
  EvalCellsPage,
  EvalCellsPageInput,
  EvalRunView,
} from '../../../src-shared/evals/eval-run-views';
import { profileAddresses } from '../../../src-shared/profiles/profile-address';
import { AppFailure } from '../../../src-shared/result';
import type { EvalCellPageRepository } from '../db/eval-repository-cell-pages';
import type { EvalMarkRepository } from '../db/eval-repository-marks';
import type { EvalRepository } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import type { ProfileService } from '../profiles/profile-service';
import { cellRequest } from './cell-request';
import { plannedCell } from './eval-cell-source';
import { cellsPage } from './eval-cells-page';

export interface EvalRunReadsDeps {
  evals: Pick<EvalRepository, 'get' | 'rows'>;
  runs: Pick<EvalRunRepository, 'getRun' | 'listRuns' | 'counts' | 'getCell'>;
  pages: EvalCellPageRepository;
  marks: EvalMarkRepository;
  profiles: Pick<ProfileService, 'get'>;
  now?: () => number;
}

/**
 * What the window reads of an eval's runs and writes on their cells (the user's marks)
 * (docs/architecture.md, "Evals"): the list, a page of the matrix by row
 * positions, one cell whole with the request it sent.
 */
export class EvalRunReads {
  constructor(private readonly deps: EvalRunReadsDeps) {}

  private require(runId: string): EvalRun {
    return requireRun(this.deps, runId);
  }

  view(run: EvalRun): EvalRunView {
    const { spec, ...rest } = run;
    return {
      ...rest,
      ...this.deps.runs.counts(run.id),
      variants: spec.variants.map((v) => ({ id: v.id, name: v.name })),
      targets: spec.targets.map((t) => ({ id: t.id, profileId: t.profileId, model: t.model })),
      repeats: spec.repeats,
    };
  }

  get(runId: string): EvalRunView {
    return this.view(this.require(runId));
  }

  /** Newest first. */
  list(evalId: string): EvalRunView[] {
    if (!this.deps.evals.get(evalId))
      throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
    return this.deps.runs.listRuns(evalId).map((r) => this.view(r));
  }

  /** The rows asked for (a range, or a list), each with its cells' summaries (in the app, a worker's job). */
  cells(input: EvalCellsPageInput): EvalCellsPage {
    return cellsPage(this.deps, input);
  }

  /** The cell whole (not_found when it has no result yet), its mark and the request it sent. */
  cell(key: EvalCellKey): EvalCellDetail {
    const run = this.require(key.runId);
    const planned = plannedCell(run, key);
    const cell = this.deps.runs.getCell(run.id, key.row, key.variantId, key.targetId, key.sample);
    if (!cell) throw new AppFailure({ code: 'not_found', message: 'That cell has no result yet.' });
    const mark = this.deps.marks.getMark(key);
    const target = run.spec.targets.find((t) => t.id === key.targetId)!;
    const [row] = this.deps.evals.rows(run.evalId, key.row, 1);
    let request: EvalCellDetail['request'];
    if (row?.position === key.row) {
      let baseUrl: string | undefined;
      try {
        baseUrl = profileAddresses(this.deps.profiles.get(target.profileId)).baseUrl;
      } catch {
        baseUrl = undefined; // the profile was deleted since: the reply stays, View code cannot
      }
      if (baseUrl !== undefined) {
        const built = cellRequest(run.spec, planned, row, () => baseUrl);
        if (built.ok)
          request = { body: built.body, baseUrl, model: target.model, profileId: target.profileId };
      }
    }
    return { cell, ...(mark ? { mark } : {}), ...(request ? { request } : {}) };
  }

  mark(key: EvalCellKey, mark: EvalCellMark | null): EvalCellDetail {
    const run = this.require(key.runId);
    plannedCell(run, key);
    if (!this.deps.runs.getCell(run.id, key.row, key.variantId, key.targetId, key.sample))
      throw new AppFailure({
        code: 'not_found',
        message: 'That cell has no result yet: there is nothing to mark.',
      });
    this.deps.marks.setMark(key, mark, (this.deps.now ?? Date.now)());
    return this.cell(key);
  }
}
