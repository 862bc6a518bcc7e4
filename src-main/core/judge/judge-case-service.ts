import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DesktopActions } from '../media/desktop-actions';
import type { JudgeCaseRepository } from '../db/judge-case-repository';
import type { QuestionSetRepository } from '../db/question-set-repository';
import {
  type CaseDraft,
  CASES_PER_SET_MAX,
  checkExpected,
  stateTooLong,
} from '../../../src-shared/judge/case-answers';
import type { addCaseSchema, editCaseSchema, JudgeCase } from '../../../src-shared/judge/judge-case';
import {
  type CaseFileFormat,
  type CaseImportPreview,
  type CaseImportProblem,
  type CaseImportResult,
  type CaseMapping,
  PREVIEW_ROWS,
  PROBLEMS_LISTED,
  type RowPlace,
} from '../../../src-shared/judge/judge-case-import';
import { latestRevision, type StoredSet } from '../../../src-shared/judge/question-set';
import type { Question } from '../../../src-shared/judge/question-rules';
import { parseState, type StateInput } from '../../../src-shared/judge/state-input';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import { exportCases } from './cases/case-export';
import type { CsvOptions } from './cases/csv';
import { checkMapping, mapRow, problem, proposeMapping } from './cases/case-mapping';
import { readCaseFile, type RowProblem } from './cases/case-rows';

type CaseFields = Omit<z.output<typeof addCaseSchema>, 'setId'>;

/**
 * A question set's test cases: a state and the answers expected for it. Answers are checked
 * against the set's latest revision when a case is added, edited or imported.
 */
export class JudgeCaseService {
  constructor(
    private readonly deps: {
      cases: JudgeCaseRepository;
      sets: QuestionSetRepository;
      desktop: DesktopActions;
      now?: () => number;
      newId?: () => string;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private newId = (): string => (this.deps.newId ?? randomUUID)();

  private set(setId: string): StoredSet {
    const s = this.deps.sets.get(setId);
    if (!s) throw new AppFailure({ code: 'not_found', message: 'That question set no longer exists.' });
    return s;
  }

  private questions(setId: string): Question[] {
    return latestRevision(this.set(setId)).questions;
  }

  list(setId: string, offset: number, limit: number, filter?: string): JudgeCase[] {
    this.set(setId);
    return this.deps.cases.list(setId, { offset, limit, filter: filter || undefined });
  }

  count(setId: string, filter?: string): number {
    this.set(setId);
    return this.deps.cases.count(setId, filter || undefined);
  }

  get(id: string): JudgeCase {
    const c = this.deps.cases.get(id);
    if (!c) throw new AppFailure({ code: 'not_found', message: 'That test case no longer exists.' });
    return c;
  }

  private room(setId: string, adding: number): void {
    const held = this.deps.cases.count(setId);
    if (held + adding > CASES_PER_SET_MAX)
      throw new AppFailure({
        code: 'invalid_input',
        message: `A question set holds at most ${CASES_PER_SET_MAX.toLocaleString('en')} test cases; this one has ${held.toLocaleString('en')}, so ${adding.toLocaleString('en')} more do not fit.`,
        details: { issues: [{ path: 'setId', message: `must hold at most ${CASES_PER_SET_MAX} cases` }] },
      });
  }

  /** The form's fields as a case, or an invalid_input naming the field and the rule. */
  private draft(questions: Question[], fields: CaseFields): CaseDraft {
    const state = parseState(fields.state as StateInput);
    if (!state.ok) throw invalidInput('state', state.message);
    const tooLong = stateTooLong(state.value);
    if (tooLong) throw invalidInput('state', tooLong);
    const wrong = checkExpected(questions, fields.expected);
    if (wrong.length > 0) throw invalidInput(`expected.${wrong[0].key}`, wrong[0].reason);
    return { state: state.value, expected: fields.expected, note: fields.note };
  }

  add(input: z.output<typeof addCaseSchema>): JudgeCase {
    const draft = this.draft(this.questions(input.setId), input);
    this.room(input.setId, 1);
    return this.deps.cases.append(input.setId, [draft], this.newId, this.now())[0];
  }

  edit(input: z.output<typeof editCaseSchema>): JudgeCase {
    const existing = this.get(input.id);
    const updated: JudgeCase = {
      ...existing,
      ...this.draft(this.questions(existing.setId), input),
      updatedAt: this.now(),
    };
    if (!this.deps.cases.update(updated))
      throw new AppFailure({ code: 'not_found', message: 'That test case no longer exists.' });
    return updated;
  }

  /** The copy goes right after its original. */
  duplicate(id: string): JudgeCase {
    const original = this.get(id);
    this.room(original.setId, 1);
    const { state, expected, note } = original;
    return this.deps.cases.insertAfter(original, { state, expected, note }, this.newId(), this.now());
  }

  /** How many were deleted; ids already gone are not an error. */
  delete(ids: string[]): number {
    return this.deps.cases.delete(ids);
  }

  private read(setId: string, text: string, format: CaseFileFormat | undefined) {
    const questions = this.questions(setId);
    return { questions, table: readCaseFile(text, format) };
  }

  /** Reads the file and says what an import would do; writes nothing. */
  importPreview(input: {
    setId: string;
    text: string;
    format?: CaseFileFormat;
    mapping?: CaseMapping;
  }): CaseImportPreview {
    const { questions, table } = this.read(input.setId, input.text, input.format);
    const mapping = input.mapping ?? proposeMapping(table.columns, questions);
    if (input.mapping) checkMapping(input.mapping, table.columns, questions);
    // Both lists are in file order, so the first listed of the two together are among the
    // first listed of each.
    const fileProblems = table.problems.slice(0, PROBLEMS_LISTED).map((p) => problem(p, p.field, p.reason));
    const rowProblems: CaseImportProblem[] = [];
    let problemCount = table.problems.length;
    const rows: CaseImportPreview['rows'] = [];
    let validCount = 0;
    if (mapping)
      for (const row of table.rows) {
        const mapped = mapRow(row, mapping, questions);
        if (mapped.ok) {
          validCount++;
          if (rows.length < PREVIEW_ROWS) rows.push({ ...mapped.place, draft: mapped.draft });
        } else {
          problemCount += mapped.problems.length;
          if (rowProblems.length < PROBLEMS_LISTED) rowProblems.push(...mapped.problems);
        }
      }
    return {
      format: table.format,
      columns: table.columns,
      mapping,
      rows,
      rowCount: table.rows.length + table.problems.filter(skipsRow).length,
      validCount,
      problems: sortByPlace([...fileProblems, ...rowProblems]).slice(0, PROBLEMS_LISTED),
      problemCount,
    };
  }

  /** Imports every row the mapping reads, in one transaction, after the set's last case. */
  importConfirm(input: {
    setId: string;
    text: string;
    format?: CaseFileFormat;
    mapping: CaseMapping;
  }): CaseImportResult {
    const { questions, table } = this.read(input.setId, input.text, input.format);
    const unreadable = table.problems.find((p) => p.field === 'file' && p.skipsRow);
    if (unreadable) throw invalidInput('text', `the file cannot be read: it ${unreadable.reason}`);
    checkMapping(input.mapping, table.columns, questions);
    const drafts: CaseDraft[] = [];
    const skipped: (RowPlace & { reasons: string[] })[] = [];
    const skip = (place: RowPlace, reasons: string[]) =>
      skipped.push({ ...(place.line !== undefined ? { line: place.line } : { item: place.item }), reasons });
    for (const p of table.problems) if (skipsRow(p)) skip(p, [p.reason]);
    for (const row of table.rows) {
      const mapped = mapRow(row, input.mapping, questions);
      if (mapped.ok) drafts.push(mapped.draft);
      else
        skip(
          mapped.place,
          mapped.problems.map((x) => `${x.field}: ${x.reason}`),
        );
    }
    this.room(input.setId, drafts.length);
    this.deps.cases.append(input.setId, drafts, this.newId, this.now());
    return {
      added: drafts.length,
      skipped: sortByPlace(skipped).slice(0, PROBLEMS_LISTED),
      skippedCount: skipped.length,
      notes: table.problems.filter((p) => !skipsRow(p)).map((p) => problem(p, p.field, p.reason)),
    };
  }

  exportText(
    setId: string,
    format: CaseFileFormat,
    csv: CsvOptions = {},
  ): { text: string; fileName: string } {
    const set = this.set(setId);
    const slug = set.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'question-set';
    return {
      text: exportCases(this.deps.cases.all(setId), latestRevision(set).questions, format, csv),
      fileName: `${slug}.cases.${format}`,
    };
  }

  /** Resolves to where the file was written, or null when the user cancelled. */
  async export(setId: string, format: CaseFileFormat, csv: CsvOptions = {}): Promise<string | null> {
    const { text, fileName } = this.exportText(setId, format, csv);
    return this.deps.desktop.saveTextAs(text, fileName);
  }
}

const order = (p: RowPlace) => p.line ?? p.item ?? 0;
function sortByPlace<T extends RowPlace>(list: T[]): T[] {
  return [...list].sort((a, b) => order(a) - order(b));
}

/** A row the file's own syntax left out (a header or file problem is not a row). */
const skipsRow = (p: RowProblem) => p.skipsRow && p.field === 'row';
