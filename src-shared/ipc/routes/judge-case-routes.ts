import { route } from '../define-route';
import {
  addCaseSchema,
  caseIdsSchema,
  caseIdSchema,
  countCasesSchema,
  editCaseSchema,
  type JudgeCase,
  listCasesSchema,
} from '../../judge/judge-case';
import {
  caseConfirmSchema,
  caseExportSchema,
  type CaseImportPreview,
  type CaseImportResult,
  casePreviewSchema,
  caseUploadChunkSchema,
  caseUploadIdSchema,
  caseUploadStartSchema,
} from '../../judge/judge-case-import';
import { z } from 'zod';

/** A question set's test cases (docs/architecture.md, "Judge test cases"). */
export const judgeCaseRoutes = {
  /** A page of the set's cases in order, optionally only those whose state or note holds `filter`. */
  'judge.cases.list': route<JudgeCase[]>()(listCasesSchema),
  'judge.cases.count': route<number>()(countCasesSchema),
  'judge.cases.add': route<JudgeCase>()(addCaseSchema),
  'judge.cases.edit': route<JudgeCase>()(editCaseSchema),
  /** The copy is placed right after the original. */
  'judge.cases.duplicate': route<JudgeCase>()(z.object({ id: caseIdSchema })),
  /** Resolves to how many were deleted. */
  'judge.cases.delete': route<number>()(caseIdsSchema),
  /** Starts sending a file to import: its name and size (at most 50 MB), before any byte. */
  'judge.cases.upload.start': route<{ uploadId: string }>()(caseUploadStartSchema),
  /** One chunk of the file, in order from 0; resolves to how many bytes have arrived. */
  'judge.cases.upload.chunk': route<{ received: number }>()(caseUploadChunkSchema),
  /** Drops the file (the dialog closed, another file chosen) and stops a preview reading it. */
  'judge.cases.upload.discard': route<boolean>()(caseUploadIdSchema),
  /** Reads an uploaded file as a stream and writes nothing. */
  'judge.cases.importPreview': route<CaseImportPreview>()(casePreviewSchema),
  'judge.cases.importConfirm': route<CaseImportResult>()(caseConfirmSchema),
  /** Resolves to where the file was written, or null when the user cancelled. */
  'judge.cases.export': route<string | null>()(caseExportSchema),
};
