import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { speakForTests } from '../../../i18n/i18n';
import { zhCN } from '../../../i18n/zh-CN';
import { installFakeBridge } from '../../../test/fake-bridge';
import { RunOut } from './RunOut';

function renderOut() {
  const fake = installFakeBridge({
    'evals.runs.export': (input) => `/exports/support.results.${(input as { format: string }).format}`,
    'evals.runs.report': () => '/exports/support.report.html',
  });
  const qc = new QueryClient();
  render(
    <QueryClientProvider client={qc}>
      <RunOut runId="run-1" />
    </QueryClientProvider>,
  );
  return fake;
}

afterEach(() => speakForTests('en', en));

describe('a run’s results out of the app', () => {
  it('exports CSV and JSONL through evals.runs.export and says where each was written', async () => {
    const fake = renderOut();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Saved to /exports/support.results.csv')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export JSONL' }));
    expect(await screen.findByText('Saved to /exports/support.results.jsonl')).toBeTruthy();
    expect(fake.calls.map((c) => c.input)).toEqual([
      { runId: 'run-1', format: 'csv' },
      { runId: 'run-1', format: 'jsonl' },
    ]);
  });

  it('saves the report in the window’s language', async () => {
    speakForTests('zh-CN', zhCN);
    const fake = renderOut();
    fireEvent.click(screen.getByRole('button', { name: '保存报告…' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'evals.runs.report')?.input).toEqual({
        runId: 'run-1',
        language: 'zh-CN',
      }),
    );
    expect(await screen.findByText('已保存到 /exports/support.report.html')).toBeTruthy();
  });
});
