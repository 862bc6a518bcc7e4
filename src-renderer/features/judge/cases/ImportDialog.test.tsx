import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CaseImportPreview, CaseMapping } from '../../../../src-shared/judge/judge-case-import';
import { installFakeBridge } from '../../../test/fake-bridge';
import { caseQuestions } from './cases-fixtures';
import { ImportDialog } from './ImportDialog';
import { chooseFiles } from '../../../test/choose-file';

const proposed: CaseMapping = {
  state: 'reply',
  stateType: null,
  expected: [{ column: 'tone', question: 'tone' }],
  note: null,
};

/** What main says of the file: two good rows, one bad at line 3, under whatever mapping it is sent. */
function previewOf(mapping: CaseMapping | undefined): CaseImportPreview {
  return {
    format: 'csv',
    columns: ['reply', 'tone', 'remark'],
    mapping: mapping ?? proposed,
    rows: [
      { line: 2, draft: { state: 'Thanks, fixed.', expected: { tone: 0 }, note: mapping?.note ? 'ok' : '' } },
      { line: 4, draft: { state: 'Go away.', expected: { tone: 1 }, note: '' } },
    ],
    rowCount: 3,
    validCount: 2,
    problems: [
      {
        line: 3,
        field: 'expected `tone`',
        reason: "'maybe' is not one of the options calm, angry",
        message: "line 3, expected `tone`: 'maybe' is not one of the options calm, angry",
      },
    ],
    problemCount: 1,
  };
}

const csv = 'reply,tone,remark\nThanks; fixed.,calm,ok\nHm,maybe,\nGo away.,angry,\n';

/** Main's side of an upload: hands out one id and takes the chunks. */
const uploadRoutes = {
  'judge.cases.upload.start': () => ({ uploadId: 'upload-1' }),
  'judge.cases.upload.chunk': () => ({ received: 0 }),
  'judge.cases.upload.discard': () => true,
};
const routesOf = (calls: { route: string }[]) => calls.map((c) => c.route);

describe('the import dialog', () => {
  it('shows the mapping, rows and problems by line, re-previews an edited mapping, and imports only on Confirm', async () => {
    const bridge = installFakeBridge({
      ...uploadRoutes,
      'judge.cases.importPreview': (input) => previewOf((input as { mapping?: CaseMapping }).mapping),
      'judge.cases.importConfirm': () => ({
        added: 2,
        skipped: [{ line: 3, reasons: ["expected `tone`: 'maybe' is not one of the options calm, angry"] }],
        skippedCount: 1,
        notes: [],
      }),
    });
    const onImported = vi.fn();
    render(
      <ImportDialog setId="set-1" questions={caseQuestions} onClose={() => {}} onImported={onImported} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import test cases' });
    const file = new File([csv], 'cases.csv', { type: 'text/csv' });
    chooseFiles(within(dialog).getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [
      file,
    ]);

    await within(dialog).findByText('CSV: 3 rows, 2 ready to import, 1 problem(s).');
    // The file goes to main in chunks (this one fits in one), then main previews what it holds.
    expect(bridge.calls.slice(0, 3)).toEqual([
      { route: 'judge.cases.upload.start', input: { name: 'cases.csv', size: csv.length } },
      {
        route: 'judge.cases.upload.chunk',
        input: { uploadId: 'upload-1', index: 0, data: btoa(csv) },
      },
      {
        route: 'judge.cases.importPreview',
        input: { setId: 'set-1', uploadId: 'upload-1', format: 'csv', mapping: undefined },
      },
    ]);
    bridge.calls.splice(0, 2);
    const problems = within(dialog).getByRole('region', { name: 'Problems (1)' });
    expect(problems.textContent).toBe(
      "Problems (1)line 3, expected `tone`: 'maybe' is not one of the options calm, angry",
    );
    const rows = within(dialog).getByRole('region', { name: 'First rows as they would be imported' });
    expect(within(rows).getAllByRole('row')[1].textContent).toBe('line 2Thanks, fixed.calm');
    expect((within(dialog).getByLabelText('State') as HTMLSelectElement).value).toBe('reply');
    expect((within(dialog).getByLabelText('Expected “tone”') as HTMLSelectElement).value).toBe('tone');
    expect((within(dialog).getByLabelText('Expected “helpfulness”') as HTMLSelectElement).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'remark' } });
    await waitFor(() => expect(bridge.calls).toHaveLength(2));
    expect(bridge.calls[1].input).toMatchObject({ mapping: { ...proposed, note: 'remark' } });
    // The preview shown is main's answer to the edited mapping (its rows now carry the note).
    await within(dialog).findByText('ok');
    expect(bridge.calls.some((c) => c.route === 'judge.cases.importConfirm')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 cases' }));
    await within(dialog).findByText('Added 2 case(s); skipped 1.');
    expect(bridge.calls.filter((c) => c.route === 'judge.cases.importConfirm')).toEqual([
      {
        route: 'judge.cases.importConfirm',
        input: {
          setId: 'set-1',
          uploadId: 'upload-1',
          format: 'csv',
          mapping: { ...proposed, note: 'remark' },
        },
      },
    ]);
    expect(within(dialog).getByText(/maybe/).closest('li')?.textContent).toContain('line 3');
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ added: 2, skippedCount: 1 }));
  });

  it('offers no Import when no row can be read, and says why', async () => {
    const bridge = installFakeBridge({
      ...uploadRoutes,
      'judge.cases.importPreview': () => ({ ...previewOf(undefined), rows: [], validCount: 0 }),
    });
    render(<ImportDialog setId="set-1" questions={caseQuestions} onClose={() => {}} onImported={() => {}} />);
    const file = new File(['{"x":1}\n'], 'cases.jsonl');
    chooseFiles(screen.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [file]);
    await screen.findByText(/No row can be imported with this mapping/);
    expect(bridge.calls.find((c) => c.route === 'judge.cases.importPreview')?.input).toMatchObject({
      format: 'jsonl',
    });
    expect((screen.getByRole('button', { name: 'Import 0 cases' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file over 50 MB by its size, before reading or sending any of it', async () => {
    const bridge = installFakeBridge(uploadRoutes);
    render(<ImportDialog setId="set-1" questions={caseQuestions} onClose={() => {}} onImported={() => {}} />);
    const file = new File(['state\n'], 'huge.csv');
    // The size alone decides: a real 60 MB file is not needed to show that nothing is read.
    Object.defineProperty(file, 'size', { value: 60 * 1024 * 1024 });
    const slice = vi.spyOn(file, 'slice');
    chooseFiles(screen.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [file]);
    await screen.findByText(/This file is 60 MB; a file of test cases may be at most 50 MB/);
    expect(slice).not.toHaveBeenCalled();
    expect(bridge.calls).toEqual([]);
  });

  it('shows why main stopped reading a file with too many rows, and offers no Import', async () => {
    installFakeBridge({
      ...uploadRoutes,
      'judge.cases.importPreview': () => ({
        ...previewOf(undefined),
        stopped: { reason: 'rows', limit: 100_000, at: 100_001, line: 100_002 },
      }),
    });
    render(<ImportDialog setId="set-1" questions={caseQuestions} onClose={() => {}} onImported={() => {}} />);
    chooseFiles(screen.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [
      new File([csv], 'cases.csv'),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The file has more than 100,000 cases (reading stopped at row 100,001, line 100,002); a question set holds at most 100,000. Split the file, or delete cases from the set, then import again.',
    );
    expect((screen.getByRole('button', { name: 'Import 2 cases' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('drops the file held by main when the dialog closes', async () => {
    const bridge = installFakeBridge({
      ...uploadRoutes,
      'judge.cases.importPreview': () => previewOf(undefined),
    });
    const view = render(
      <ImportDialog setId="set-1" questions={caseQuestions} onClose={() => {}} onImported={() => {}} />,
    );
    chooseFiles(screen.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }), [
      new File([csv], 'cases.csv'),
    ]);
    await screen.findByText('CSV: 3 rows, 2 ready to import, 1 problem(s).');
    view.unmount();
    expect(routesOf(bridge.calls).at(-1)).toBe('judge.cases.upload.discard');
    expect(bridge.calls.at(-1)?.input).toEqual({ uploadId: 'upload-1' });
  });
});
