import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EvalRowsMapping, EvalRowsPreview } from '../../../src-shared/evals/eval-rows-import';
import { loadMessages } from '../../i18n/i18n';
import { chooseFiles } from '../../test/choose-file';
import { installFakeBridge } from '../../test/fake-bridge';
import { storedEval } from './evals-fixtures';
import { RowsImportDialog } from './RowsImportDialog';

await loadMessages('evals');

const proposed: EvalRowsMapping = {
  variables: [
    { column: 'customer', name: 'customer' },
    { column: 'issue', name: 'issue' },
  ],
  expected: { column: 'gold', name: 'gold' },
};

/** What main says of the file under `mapping`: one good row, one problem at line 3, 5 rows replaced. */
function previewOf(mapping: EvalRowsMapping = proposed): EvalRowsPreview {
  return {
    format: 'csv',
    columns: ['customer', 'issue', 'gold'],
    mapping,
    rows: [
      {
        line: 2,
        variables: Object.fromEntries(mapping.variables.map((v) => [v.name, `${v.column} of Ada`])),
        ...(mapping.expected ? { expected: 'sorry' } : {}),
      },
    ],
    rowCount: 2,
    validCount: 1,
    problems: [
      {
        line: 3,
        field: 'column `issue`',
        reason: 'is missing',
        message: 'line 3, column `issue`: is missing',
      },
    ],
    problemCount: 1,
    replaces: 5,
  };
}

describe('the rows import', () => {
  it('previews through the case import’s dialog with problems by line, re-previews an edited mapping, writes only on Import', async () => {
    const bridge = installFakeBridge({
      'judge.cases.upload.start': () => ({ uploadId: 'upload-1' }),
      'judge.cases.upload.chunk': () => ({ received: 0 }),
      'judge.cases.upload.discard': () => true,
      'evals.rows.importPreview': (input) => previewOf((input as { mapping?: EvalRowsMapping }).mapping),
      'evals.rows.importConfirm': () => ({
        added: 1,
        skipped: [{ line: 3, reasons: ['column `issue`: is missing'] }],
        skippedCount: 1,
        notes: [],
        eval: storedEval,
      }),
    });
    const onImported = vi.fn();
    render(<RowsImportDialog evalId="e1" onClose={() => {}} onImported={onImported} />);
    const dialog = screen.getByRole('dialog', { name: 'Import rows' });
    chooseFiles(within(dialog).getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [
      new File(['customer,issue,gold\nAda,late,sorry\nBo\n'], 'rows.csv', { type: 'text/csv' }),
    ]);
    await screen.findByText('Import replaces the 5 rows the eval holds now.');
    expect(screen.getByText('line 3')).toBeTruthy();
    expect(screen.getByText('Variables: {{customer}} {{issue}}')).toBeTruthy();
    expect(screen.getByText('issue of Ada')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.route === 'evals.rows.importConfirm')).toHaveLength(0);

    // Leaving a column out previews again with the edited mapping.
    fireEvent.click(screen.getByRole('checkbox', { name: 'issue as a variable' }));
    await screen.findByText('Variables: {{customer}}');
    expect(bridge.calls.filter((c) => c.route === 'evals.rows.importPreview').at(-1)?.input).toMatchObject({
      evalId: 'e1',
      uploadId: 'upload-1',
      format: 'csv',
      mapping: {
        variables: [{ column: 'customer', name: 'customer' }],
        expected: { column: 'gold', name: 'gold' },
      },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 rows' }));
    await screen.findByText('Imported 1 rows; left out 1. The dataset’s columns are the file’s now.');
    expect(bridge.calls.find((c) => c.route === 'evals.rows.importConfirm')?.input).toMatchObject({
      evalId: 'e1',
      mapping: { variables: [{ column: 'customer', name: 'customer' }] },
    });
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ added: 1, eval: storedEval }));
  });
});
