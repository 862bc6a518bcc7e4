import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/i18n';
import { installFakeBridge } from '../../test/fake-bridge';
import { DatasetGrid, ROW_HEIGHT } from './DatasetGrid';
import { rowsOf } from './evals-fixtures';

await loadMessages('evals');

function renderGrid(count: number) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <DatasetGrid evalId="e1" columns={['customer', 'issue']} expectedColumn="gold" count={count} />
    </QueryClientProvider>,
  );
}

const dataRows = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
const pageCalls = (bridge: ReturnType<typeof installFakeBridge>) =>
  bridge.calls.filter((c) => c.route === 'evals.rows.page').map((c) => c.input);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((c) => c.textContent);

describe('the dataset grid', () => {
  it('renders only the rows in view of 100,000 and reads the page scrolled to by position', async () => {
    const bridge = installFakeBridge({ 'evals.rows.page': rowsOf(100_000) });
    renderGrid(100_000);
    await screen.findByText('Customer 0');
    const grid = screen.getByRole('grid', { name: 'Dataset rows' });
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'customer',
      'issue',
      'gold (expected)',
    ]);
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(60);
    expect(pageCalls(bridge)).toEqual([{ id: 'e1', from: 0, limit: 200 }]);
    expect(cells(dataRows()[1])).toEqual(['Customer 1', 'Issue 1', 'gold 1']);
    expect(within(dataRows()[1]).getByRole('rowheader').textContent).toBe('2');

    grid.scrollTop = 75_000 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    await screen.findByText('Customer 75000');
    expect(pageCalls(bridge).at(-1)).toEqual({ id: 'e1', from: 75_000, limit: 200 });
    expect(dataRows().length).toBeLessThan(60);
    expect(screen.queryByText('Customer 0')).toBeNull();
  });

  it('edits a cell in place: Enter saves through evals.rows.update, and the grid shows the saved row', async () => {
    const bridge = installFakeBridge({
      'evals.rows.page': rowsOf(3),
      'evals.rows.update': (input) => {
        const { position, variables, expected } = input as {
          position: number;
          variables: Record<string, string>;
          expected?: string;
        };
        return { position, variables, expected };
      },
    });
    renderGrid(3);
    fireEvent.doubleClick(await screen.findByText('Issue 1'));
    const input = screen.getByRole('textbox', { name: 'issue, row 2' });
    fireEvent.change(input, { target: { value: 'Cracked lid' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Cracked lid');
    expect(bridge.calls.find((c) => c.route === 'evals.rows.update')?.input).toEqual({
      id: 'e1',
      position: 1,
      variables: { customer: 'Customer 1', issue: 'Cracked lid' },
      expected: 'gold 1',
    });
    expect(screen.queryByRole('textbox')).toBeNull();

    // The keyboard way, on the expected column: arrows to it, Enter edits, Escape cancels.
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    const gold = screen.getByRole('textbox', { name: 'gold, row 2' });
    fireEvent.change(gold, { target: { value: 'nope' } });
    fireEvent.keyDown(gold, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('gold 1')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.route === 'evals.rows.update')).toHaveLength(1);
  });

  it('keeps the edit open with main’s reason when saving fails', async () => {
    installFakeBridge({
      'evals.rows.page': rowsOf(3),
      'evals.rows.update': () => {
        throw { code: 'invalid_input', message: 'variables.issue: must be at most 100,000 characters' };
      },
    });
    renderGrid(3);
    fireEvent.doubleClick(await screen.findByText('Issue 0'));
    const input = screen.getByRole('textbox', { name: 'issue, row 1' });
    fireEvent.change(input, { target: { value: 'too long' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Row 1 not saved: variables.issue: must be at most 100,000 characters. The edit is kept.',
    );
    const still = screen.getByRole('textbox', { name: 'issue, row 1' }) as HTMLInputElement;
    expect(still.value).toBe('too long');
    expect(still.getAttribute('aria-invalid')).toBe('true');
  });
});
