import type {
  CaseImportPreview,
  CaseImportResult,
  CaseMapping,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';
import { FileImportDialog } from './FileImportDialog';
import { MappingEditor, PreviewRows } from './ImportPreview';

/**
 * Importing cases from a file (docs/architecture.md, "Judge test cases"): the file import's
 * preview and mapping (FileImportDialog.tsx) over the set's case routes.
 */
export function ImportDialog(p: {
  setId: string;
  questions: Question[];
  onClose: () => void;
  onImported: (result: CaseImportResult) => void;
}) {
  return (
    <FileImportDialog<CaseMapping, CaseImportPreview, CaseImportResult>
      title={t('cases.import.title')}
      help={t('cases.import.fileHelp')}
      confirmLabel={(n) => t('cases.import.confirm', { n })}
      doneText={(added, skipped) => t('cases.import.done', { added, skipped })}
      preview={(file, mapping) => call('judge.cases.importPreview', { setId: p.setId, ...file, mapping })}
      confirm={(file, mapping) => call('judge.cases.importConfirm', { setId: p.setId, ...file, mapping })}
      renderPreview={(preview, disabled, onMapping) => (
        <MappingEditor
          preview={preview}
          mapping={preview.mapping}
          questions={p.questions}
          disabled={disabled}
          onChange={onMapping}
        />
      )}
      renderRows={(preview) => <PreviewRows preview={preview} questions={p.questions} />}
      onClose={p.onClose}
      onImported={p.onImported}
    />
  );
}
