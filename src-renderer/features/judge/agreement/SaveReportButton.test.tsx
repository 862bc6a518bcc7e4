import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import type { RunDrift, RunRef } from '../../../../src-shared/judge/run-agreement';
import { installFakeBridge } from '../../../test/fake-bridge';
import { en } from '../../../i18n/en';
import { speakForTests } from '../../../i18n/i18n';
import { zhCN } from '../../../i18n/zh-CN';
import { DriftView } from '../drift/DriftView';
import { useWorkbench } from '../workbench-store';
import { SaveReportButton } from './SaveReportButton';

/** A promise the test settles when it chooses, to see the button while main is still writing. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

beforeEach(() => useWorkbench.getState().reset());
afterEach(() => speakForTests('en', en));

describe('Save report…', () => {
  it('asks main for the run’s report in the window’s language, is disabled while it writes, then says where it went', async () => {
    const write = deferred<string>();
    const bridge = installFakeBridge({ 'judge.report.save': () => write.promise });
    render(<SaveReportButton of={{ kind: 'agreement', id: 'run-1' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save report…' }));
    const busy = await screen.findByRole('button', { name: 'Saving report…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(bridge.calls.filter((c) => c.route === 'judge.report.save').map((c) => c.input)).toEqual([
      { kind: 'agreement', id: 'run-1', language: 'en' },
    ]);
    write.resolve('/home/me/Support-agreement-2026-11-26.report.html');
    expect(
      await screen.findByText('Report written to /home/me/Support-agreement-2026-11-26.report.html'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save report…' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows why it could not be written, and says nothing when the dialog was cancelled', async () => {
    let answer: () => unknown = () => {
      throw { code: 'disk_full', message: 'ENOSPC', details: { folder: '/media/usb' } };
    };
    installFakeBridge({ 'judge.report.save': () => answer() });
    render(<SaveReportButton of={{ kind: 'agreement', id: 'run-1' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save report…' }));
    expect(await screen.findByText(/disk is full.*\/media\/usb/)).toBeTruthy();
    answer = () => null;
    fireEvent.click(await screen.findByRole('button', { name: 'Save report…' }));
    await screen.findByRole('button', { name: 'Save report…' });
    expect(screen.queryByText(/disk is full/)).toBeNull();
    expect(screen.queryByText(/Report written to/)).toBeNull();
  });

  it('speaks Chinese and asks for a Chinese report when the window does', async () => {
    speakForTests('zh-CN', zhCN);
    const bridge = installFakeBridge({ 'judge.report.save': () => '/tmp/r.html' });
    render(<SaveReportButton of={{ kind: 'drift', a: 'r-a', b: 'r-b' }} />);
    fireEvent.click(screen.getByRole('button', { name: '保存报告…' }));
    expect(await screen.findByText('报告已写入 /tmp/r.html')).toBeTruthy();
    expect(bridge.calls.find((c) => c.route === 'judge.report.save')?.input).toEqual({
      kind: 'drift',
      a: 'r-a',
      b: 'r-b',
      language: 'zh-CN',
    });
  });

  it('in the Drift view, reports the pair shown: A the older run, B the newer', async () => {
    const run = (id: string, model: string, createdAt: number) =>
      ({
        id,
        setId: 's',
        setRevision: 1,
        model,
        state: 'done',
        createdAt,
        updatedAt: createdAt,
        concurrency: 4,
        totals: { cases: 1 },
        tokens: 0,
        yuan: 0,
        versions: {},
        rateLimited: 0,
        source: 'named',
        done: 1,
        failed: 0,
      }) satisfies BatchRunView;
    const ref = (id: string): RunRef => ({
      id,
      setId: 's',
      setRevision: 1,
      model: id,
      state: 'done',
      createdAt: 1,
      versions: {},
      versionChanged: false,
    });
    const drift: RunDrift = {
      a: ref('r-old'),
      b: ref('r-new'),
      tuning: { thresholds: {}, minimums: {} },
      questions: [],
      flipsTotal: 0,
      offset: 0,
      flipped: [],
    };
    const bridge = installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'judge-preview', 2), run('r-old', 'judge-1.13.0', 1)],
      'judge.batch.drift': () => drift,
      'judge.report.save': () => '/tmp/drift.html',
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DriftView setId="s" />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save report…' }));
    expect(await screen.findByText('Report written to /tmp/drift.html')).toBeTruthy();
    expect(bridge.calls.find((c) => c.route === 'judge.report.save')?.input).toEqual({
      kind: 'drift',
      a: 'r-old',
      b: 'r-new',
      language: 'en',
    });
  });
});
