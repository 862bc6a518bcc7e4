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
  type CaseImportProgress,
  type CaseImportResult,
  type CaseMapping,
  PREVIEW_ROWS,
  PROBLEMS_LISTED,
} from '../../../src-shared/judge/judge-case-import';
import { latestRevision, type StoredSet } from '../../../src-shared/judge/question-set';
import type { Question } from '../../../src-shared/judge/question-rules';
import { parseState, type StateInput } from '../../../src-shared/judge/state-input';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import type { WorkerPool } from '../workers/worker-pool';
import { exportCases } from './cases/case-export';
import type { CsvOptions } from './cases/csv';
import { importCaseFile, noRoom, sortByPlace, unreadableFilePreview } from './cases/case-import';
import { CASE_IMPORT_JOB, type CaseImportJobInput } from './cases/case-import-job';
import { checkMapping, mapRow, problem, proposeMapping } from './cases/case-mapping';
import type { CaseUploads } from './cases/case-uploads';
import {
  type CaseSource,
  fileSource,
  scanCaseFile,
  type ScanProgress,
  stopMessage,
  textSource,
} from './cases/case-file-scan';

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
      /** Files the window sends for import; absent where nothing is uploaded (the CLI). */
      uploads?: CaseUploads;
      /** How far the reading of an upload has come, for the window's progress. */
      progress?: (p: CaseImportProgress) => void;
      /**
       * The app's worker threads: an upload's import runs in one (case-import-job.ts), off main's
       * event loop. Absent (unit tests on an in-memory database, the CLI), main imports it.
       */
      workers?: WorkerPool;
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
        message: noRoom(held, adding),
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

  private get uploads(): CaseUploads {
    if (!this.deps.uploads) throw new AppFailure({ code: 'internal', message: 'No uploads here.' });
    return this.deps.uploads;
  }

  private progressOf(uploadId: string, total: number) {
    const progress = this.deps.progress;
    return progress && ((p: ScanProgress) => progress({ uploadId, total, ...p }));
  }

  /** An uploaded file's preview; `signal` is the caller's (its page went away). */
  async previewUpload(
    input: UploadInput & { mapping?: CaseMapping },
    signal?: AbortSignal,
  ): Promise<CaseImportPreview> {
    const held = await this.uploads.source(input.uploadId);
    const { uploadId, ...rest } = input;
    return this.importPreview({
      ...rest,
      source: held.source,
      signal: anySignal(held.signal, signal),
      onProgress: this.progressOf(uploadId, held.size),
    });
  }

  /** Imports an uploaded file, which is then deleted. */
  async confirmUpload(
    input: UploadInput & { mapping: CaseMapping },
    signal?: AbortSignal,
  ): Promise<CaseImportResult> {
    const held = await this.uploads.source(input.uploadId);
    const { uploadId, ...rest } = input;
    const result = await this.importFile(
      { ...rest, path: held.path, size: held.size },
      anySignal(held.signal, signal),
      this.progressOf(uploadId, held.size),
    );
    this.uploads.discard(uploadId);
    return result;
  }

  /**
   * Imports a file of the data folder: in a worker thread when the app has them (the reading
   * and the one transaction never hold main's event loop; cancelling ends the worker, which
   * writes nothing), else here in main.
   */
  async importFile(
    input: { setId: string; path: string; size: number; format?: CaseFileFormat; mapping: CaseMapping },
    signal?: AbortSignal,
    onProgress?: (p: ScanProgress) => void,
  ): Promise<CaseImportResult> {
    const workers = this.deps.workers;
    if (!workers) return this.importConfirm({ ...input, source: fileSource(input.path), signal, onProgress });
    const job: CaseImportJobInput = {
      ...input,
      questions: this.questions(input.setId),
      updatedAt: this.now(),
    };
    return workers.run<CaseImportResult>(CASE_IMPORT_JOB, job, {
      signal,
      onProgress: (p) => {
        if (p.phase === 'reading') onProgress?.({ bytes: p.done, rows: p.items ?? 0 });
      },
    });
  }

  /** Reads the file and says what an import would do; writes nothing. */
  async importPreview(input: CaseFileInput & { mapping?: CaseMapping }): Promise<CaseImportPreview> {
    const questions = this.questions(input.setId);
    const source = sourceOf(input);
    let format = input.format;
    let mapping: CaseMapping | null = input.mapping ?? null;
    // JSONL and JSON name their columns row by row, so all of them are known only at the end:
    // a first reading finds them, then the mapping proposed from them reads the rows.
    if (!mapping && format !== 'csv') {
      const first = await scanCaseFile(source, scanOptions(input), () => undefined);
      format = first.format;
      mapping = proposeMapping(first.columns, questions);
    }
    const listed: CaseImportProblem[] = [];
    let problemCount = 0;
    const note = (p: CaseImportProblem) => {
      problemCount++;
      if (listed.length < PROBLEMS_LISTED) listed.push(p);
    };
    const rows: CaseImportPreview['rows'] = [];
    let validCount = 0;
    let proposed = mapping !== null || input.mapping !== undefined;
    const end = await scanCaseFile(source, { ...scanOptions(input), format }, (item, reader) => {
      if (item.problem) return note(problem(item.problem, item.problem.field, item.problem.reason));
      // A CSV's columns are its header's, known before its first row.
      if (!proposed) {
        mapping = proposeMapping(reader.columns, questions);
        proposed = true;
      }
      if (!mapping) return;
      const mapped = mapRow(item.row, mapping, questions);
      if (mapped.ok) {
        validCount++;
        if (rows.length < PREVIEW_ROWS) rows.push({ ...mapped.place, draft: mapped.draft });
      } else for (const p of mapped.problems) note(p);
    });
    if (!proposed) mapping = proposeMapping(end.columns, questions);
    if (input.mapping) checkMapping(input.mapping, end.columns, questions);
    if (end.fatal) return unreadableFilePreview(end.format, end.fatal, proposeMapping([], questions));
    if (end.stopped) note(problem({}, 'file', stopMessage(end.stopped)));
    else {
      const held = this.deps.cases.count(input.setId);
      if (held + validCount > CASES_PER_SET_MAX) note(problem({}, 'file', noRoom(held, validCount)));
    }
    return {
      format: end.format,
      ...(end.stopped ? { stopped: end.stopped } : {}),
      columns: end.columns,
      mapping,
      rows,
      rowCount: end.rows,
      validCount,
      problems: sortByPlace(listed),
      problemCount,
    };
  }

  /**
   * Imports every row the mapping reads, in one transaction, after the set's last case. The file
   * is read the way the preview read it (the same reader, caps and mapping), each case staged as
   * it is read (case-import.ts), so memory holds a batch of them, not the file.
   */
  async importConfirm(input: CaseFileInput & { mapping: CaseMapping }): Promise<CaseImportResult> {
    const questions = this.questions(input.setId);
    return importCaseFile(
      this.deps.cases.staging(),
      sourceOf(input),
      { ...scanOptions(input), mapping: input.mapping, questions, setId: input.setId, updatedAt: this.now() },
      this.newId,
    );
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

/** What an import reads: a finished upload's file as a source, or text (tests, the CLI's samples). */
export type CaseFileInput = {
  setId: string;
  format?: CaseFileFormat;
  signal?: AbortSignal;
  onProgress?: (p: ScanProgress) => void;
} & ({ source: CaseSource } | { text: string });

type UploadInput = { setId: string; uploadId: string; format?: CaseFileFormat };

const anySignal = (a: AbortSignal, b: AbortSignal | undefined) => (b ? AbortSignal.any([a, b]) : a);

const sourceOf = (input: CaseFileInput): CaseSource =>
  'source' in input ? input.source : textSource(input.text);
const scanOptions = (input: CaseFileInput) => ({
  format: input.format,
  signal: input.signal,
  onProgress: input.onProgress,
});
