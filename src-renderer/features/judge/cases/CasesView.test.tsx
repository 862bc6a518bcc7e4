import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../../test/fake-bridge';
import { CASE_ROW_HEIGHT } from './CaseGrid';
import { caseAt, caseSet, listOf } from './cases-fixtures';
import { CasesView } from './CasesView';

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <CasesView setId="set-1" />
    </QueryClientProvider>,
  );
}

/** A bridge over `total` cases; count honours the filter by matching the made-up states. */
function bridgeOf(total: number, extra: Record<string, (input: unknown) => unknown> = {}) {
  return installFakeBridge({
    'judge.sets.get': () => caseSet,
    'judge.cases.count': (input) => ((input as { filter?: string }).filter ? 3 : total),
    'judge.cases.list': listOf(total),
    ...extra,
  });
}

const dataRows = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
const listCalls = (bridge: ReturnType<typeof installFakeBridge>) =>
  bridge.calls.filter((c) => c.route === 'judge.cases.list').map((c) => c.input as Record<string, unknown>);

describe('the cases grid', () => {
  it('renders only the rows in view of 100,000 cases, and fetches the page scrolled to', async () => {
    const bridge = bridgeOf(100_000);
    renderView();
    await screen.findByText('Reply number 0');
    expect(screen.getByText('100,000 cases')).toBeTruthy();
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(60);
    expect(listCalls(bridge)).toEqual([{ setId: 'set-1', offset: 0, limit: 100, filter: undefined }]);
    // The expected answers in the grid's words: option name, level index with label, true/false.
    const row1 = dataRows().find((r) => r.getAttribute('aria-rowindex') === '3')!;
    expect(
      within(row1)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['', '2', 'Reply number 1', 'angry', '2 · some', 'false', 'note 1']);

    grid.scrollTop = 50_000 * CASE_ROW_HEIGHT;
    fireEvent.scroll(grid);
    await screen.findByText('Reply number 50000');
    expect(listCalls(bridge).at(-1)).toMatchObject({ offset: 50_000, limit: 100 });
    expect(dataRows().length).toBeLessThan(60);
    expect(screen.queryByText('Reply number 0')).toBeNull();
  });

  it('filters by state and note through main, debounced, with "n of N cases"', async () => {
    const bridge = bridgeOf(1_000);
    renderView();
    await screen.findByText('Reply number 0');
    const box = screen.getByRole('searchbox', { name: 'Filter cases' });
    fireEvent.change(box, { target: { value: 'refu' } });
    fireEvent.change(box, { target: { value: 'refund' } });
    await screen.findByText('3 of 1,000 cases');
    await screen.findByText('Reply number 2');
    const filtered = listCalls(bridge).filter((c) => c.filter !== undefined);
    // Only the settled text reaches main, not each keystroke.
    expect(filtered).toEqual([{ setId: 'set-1', offset: 0, limit: 100, filter: 'refund' }]);
    expect(
      bridge.calls.some(
        (c) => c.route === 'judge.cases.count' && (c.input as { filter?: string }).filter === 'refu',
      ),
    ).toBe(false);
  });

  it('explains what a case is when the set has none, and offers Add and Import', async () => {
    bridgeOf(0);
    renderView();
    const empty = await screen.findByRole('region', { name: 'No test cases yet' });
    expect(empty.textContent).toContain('support-replies.cases.jsonl');
    expect(within(empty).getByRole('button', { name: '+ Add case' })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Import…' }));
    expect(await screen.findByRole('dialog', { name: 'Import test cases' })).toBeTruthy();
  });
});

describe('editing cases', () => {
  it('saves expected answers by option and level index and noul boolean, none left out', async () => {
    const bridge = bridgeOf(10, { 'judge.cases.edit': (input) => ({ ...caseAt(1), ...(input as object) }) });
    renderView();
    fireEvent.click(await screen.findByText('Reply number 1'));
    const editor = await screen.findByRole('dialog', { name: 'Test case 2' });
    const state = within(editor).getByLabelText('State') as HTMLTextAreaElement;
    expect(state.value).toBe('Reply number 1');
    fireEvent.change(within(editor).getByLabelText('tone'), { target: { value: '0' } });
    fireEvent.change(within(editor).getByLabelText('helpfulness'), { target: { value: '2' } });
    fireEvent.change(within(editor).getByLabelText('refund'), { target: { value: 'true' } });
    fireEvent.change(within(editor).getByLabelText('tone'), { target: { value: '' } });
    fireEvent.change(within(editor).getByLabelText('Note'), { target: { value: 'checked' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save case' }));
    await screen.findByText('Case saved.');
    expect(bridge.calls.find((c) => c.route === 'judge.cases.edit')?.input).toEqual({
      id: 'case-1',
      state: { mode: 'text', text: 'Reply number 1' },
      expected: { helpfulness: 2, refund: true },
      note: 'checked',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows main’s problem at the field it names and keeps what was typed', async () => {
    const bridge = bridgeOf(3, {
      'judge.cases.add': () => {
        throw {
          code: 'invalid_input',
          message: 'expected.tone: must be an option index from 0 to 1',
          details: { issues: [{ path: 'expected.tone', message: 'must be an option index from 0 to 1' }] },
        };
      },
    });
    renderView();
    await screen.findByText('Reply number 0');
    fireEvent.click(screen.getByRole('button', { name: '+ Add case' }));
    const editor = await screen.findByRole('dialog', { name: 'New test case' });
    fireEvent.click(within(editor).getByLabelText('JSON object'));
    fireEvent.change(within(editor).getByLabelText('State'), { target: { value: '{"reply": "hi"}' } });
    fireEvent.change(within(editor).getByLabelText('tone'), { target: { value: '1' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save case' }));
    const tone = within(editor).getByLabelText('tone');
    await waitFor(() => expect(tone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(tone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'must be an option index from 0 to 1',
    );
    expect((within(editor).getByLabelText('State') as HTMLTextAreaElement).value).toBe('{"reply": "hi"}');
    expect(bridge.calls.find((c) => c.route === 'judge.cases.add')?.input).toMatchObject({
      setId: 'set-1',
      state: { mode: 'json', text: '{"reply": "hi"}' },
      expected: { tone: 1 },
    });
  });

  it('moves with ↑/↓, opens with Enter, closes with Esc, and deletes after asking', async () => {
    const bridge = bridgeOf(10, { 'judge.cases.delete': (input) => (input as { ids: string[] }).ids.length });
    renderView();
    await screen.findByText('Reply number 0');
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('case-row-1');
    expect(document.getElementById('case-row-1')?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid, { key: 'Enter' });
    const editor = await screen.findByRole('dialog', { name: 'Test case 2' });
    fireEvent.keyDown(within(editor).getByLabelText('State'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(grid, { key: 'Delete' });
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete cases' });
    expect(confirm.textContent).toContain('Delete case 2?');
    expect(bridge.calls.some((c) => c.route === 'judge.cases.delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('1 case(s) deleted.');
    expect(bridge.calls.find((c) => c.route === 'judge.cases.delete')?.input).toEqual({ ids: ['case-1'] });
  });

  it('deletes every ticked case at once', async () => {
    const bridge = bridgeOf(10, { 'judge.cases.delete': (input) => (input as { ids: string[] }).ids.length });
    renderView();
    await screen.findByText('Reply number 0');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select case 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select case 4' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Delete 2 cases?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 case(s) deleted.');
    expect(bridge.calls.find((c) => c.route === 'judge.cases.delete')?.input).toEqual({
      ids: ['case-0', 'case-3'],
    });
  });

  it('says where an export was written, and nothing when it was cancelled', async () => {
    let answer: string | null = null;
    bridgeOf(5, { 'judge.cases.export': () => answer });
    renderView();
    await screen.findByText('Reply number 0');
    fireEvent.click(screen.getByRole('button', { name: 'Export JSONL' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.getByRole('status').textContent).toBe('');
    answer = '/tmp/replies.cases.csv';
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Cases written to /tmp/replies.cases.csv');
  });

  it('says CSV formula cells are neutralised, and sends the Raw CSV choice to main', async () => {
    const bridge = bridgeOf(5, { 'judge.cases.export': () => '/tmp/replies.cases.csv' });
    renderView();
    await screen.findByText('Reply number 0');
    const raw = screen.getByRole('checkbox', { name: 'Raw CSV' });
    expect(raw.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(raw.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /start with = \+ - @ .* get a leading ' so a spreadsheet does not run them as formulas/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Cases written to /tmp/replies.cases.csv');
    fireEvent.click(raw);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(bridge.calls.filter((c) => c.route === 'judge.cases.export')).toHaveLength(2));
    expect(bridge.calls.filter((c) => c.route === 'judge.cases.export').map((c) => c.input)).toEqual([
      { setId: expect.any(String), format: 'csv', rawCsv: false },
      { setId: expect.any(String), format: 'csv', rawCsv: true },
    ]);
  });
});
