import { randomUUID } from 'node:crypto';
import { type EvalRecord, evalRecordSchema, type EvalSpec } from '../../../src-shared/evals/eval-definition';
import { parseEvalFile, problemLines, serializeEvalFile } from '../../../src-shared/evals/eval-file';
import type { EvalRowsPage, EvalSummary } from '../../../src-shared/evals/eval-rows-import';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { DesktopActions } from '../media/desktop-actions';

/**
 * Evals as saved things (docs/architecture.md, "Evals"): their definitions, the eval
 * file in and out, and their rows a page at a time. The dataset's import is eval-rows-import.ts.
 */
export class EvalStoreService {
  constructor(
    private readonly deps: {
      evals: EvalRepository;
      desktop: DesktopActions;
      now?: () => number;
      newId?: () => string;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  get(id: string): EvalRecord {
    const found = this.deps.evals.get(id);
    if (!found) throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
    return found;
  }

  list(): EvalSummary[] {
    return this.deps.evals.list().map((e) => ({
      id: e.id,
      name: e.name,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      rows: this.deps.evals.countRows(e.id),
      variants: e.variants.length,
      targets: e.targets.length,
    }));
  }

  create(spec: EvalSpec): EvalRecord {
    const at = this.now();
    const id = (this.deps.newId ?? randomUUID)();
    return this.deps.evals.put(evalRecordSchema.parse({ ...spec, id, createdAt: at, updatedAt: at }));
  }

  /**
   * The definition replaced. Stored rows hold the variables of the dataset's columns, so while
   * there are any, the columns stay as the last import set them (a new import changes them).
   */
  update(id: string, spec: EvalSpec): EvalRecord {
    const existing = this.get(id);
    if (this.deps.evals.countRows(id) > 0 && !sameDataset(existing.dataset, spec.dataset))
      throw new AppFailure({
        code: 'invalid_input',
        message:
          'spec.dataset: must keep the columns of the stored rows (import the dataset again to change them)',
        details: {
          issues: [
            {
              path: 'spec.dataset',
              message: `must keep the columns of the stored rows (${existing.dataset.columns.join(', ')}${
                existing.dataset.expectedColumn ? `; expected ${existing.dataset.expectedColumn}` : ''
              }): import the dataset again to change them`,
            },
          ],
        },
      });
    return this.deps.evals.put(
      evalRecordSchema.parse({ ...spec, id, createdAt: existing.createdAt, updatedAt: this.now() }),
    );
  }

  delete(id: string): void {
    if (!this.deps.evals.delete(id))
      throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
  }

  exportText(id: string): { text: string; fileName: string } {
    const { id: _id, createdAt: _c, updatedAt: _u, ...spec } = this.get(id);
    const slug = spec.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'eval';
    return { text: serializeEvalFile(spec), fileName: `${slug}.eval.json` };
  }

  /** Resolves to where the file was written, or null when the user cancelled. */
  exportFile(id: string): Promise<string | null> {
    const { text, fileName } = this.exportText(id);
    return this.deps.desktop.saveTextAs(text, fileName);
  }

  /** An eval file saved as a new eval; its problems, each at its field, when it is not one. */
  importFile(text: string): EvalRecord {
    const parsed = parseEvalFile(text);
    if (!parsed.ok) {
      const lines = problemLines(parsed.problems);
      throw new AppFailure({
        code: 'invalid_input',
        message: `text: ${lines.join('; ')}`,
        details: { issues: lines.map((message) => ({ path: 'text', message })) },
      });
    }
    return this.create(parsed.spec);
  }

  rowsPage(id: string, from: number, limit: number): EvalRowsPage {
    this.get(id);
    return { rows: this.deps.evals.rows(id, from, limit), total: this.deps.evals.countRows(id) };
  }
}

/** Rows hold their variables by name, so the columns' order may change. */
const sameDataset = (a: EvalSpec['dataset'], b: EvalSpec['dataset']) =>
  a.columns.length === b.columns.length &&
  a.columns.every((c) => b.columns.includes(c)) &&
  a.expectedColumn === b.expectedColumn;
