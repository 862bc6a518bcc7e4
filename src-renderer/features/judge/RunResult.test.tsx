import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenedRun } from '../../../src-shared/judge/judge-run';
import type { StoredSet } from '../../../src-shared/judge/question-set';
import { installFakeBridge } from '../../test/fake-bridge';
import { RunResult } from './RunResult';

const question = {
  name: 'refund',
  type: 'noul' as const,
  instructions: 'Wants a refund',
  options: [],
  levels: [],
};

const opened: OpenedRun = {
  questions: [question],
  run: {
    id: 'r1',
    setId: 'set-1',
    setRevision: 1,
    createdAt: 1,
    state: { mode: 'text', text: 'Give me my money back' },
    modelAsked: 'judge-1.13.0',
    modelAnswered: 'judge-1.13.0',
    answers: [{ name: 'refund', kind: 'noul', noul: 0.6 }],
    usage: { inputTokens: 10 },
    latencyMs: 5,
    raw: '{}',
  },
};

function setWith(threshold?: number): StoredSet {
  return {
    id: 'set-1',
    name: 'Refunds',
    createdAt: 1,
    updatedAt: 1,
    revisions: [
      { revision: 1, savedAt: 1, questions: [question] },
      ...(threshold === undefined
        ? []
        : [
            {
              revision: 2,
              savedAt: 2,
              questions: [question],
              tuning: { thresholds: { refund: threshold }, minimums: {} },
            },
          ]),
    ],
  };
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RunResult open={opened} />
    </QueryClientProvider>,
  );

describe('RunResult', () => {
  it('reads a noul answer at the threshold saved with the set (its latest revision)', async () => {
    installFakeBridge({ 'judge.sets.get': () => setWith(0.7) });
    show();
    expect(await screen.findByText('Reads as false at the set’s threshold 0.70')).toBeTruthy();
  });

  it('reads it at 0.5 when the set was never tuned', async () => {
    installFakeBridge({ 'judge.sets.get': () => setWith(undefined) });
    show();
    expect(await screen.findByText('Reads as true at the set’s threshold 0.50')).toBeTruthy();
  });

  it('shows an answer that does not fit its question flagged, with its value as received and no bar', async () => {
    installFakeBridge({ 'judge.sets.get': () => setWith(undefined) });
    const flagged: OpenedRun = {
      ...opened,
      run: {
        ...opened.run,
        answers: [
          {
            name: 'refund',
            kind: 'noul',
            noul: 1.7,
            problems: [{ code: 'outOfRange', field: 'noul', value: 1.7 }],
          },
        ],
      },
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RunResult open={flagged} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('noul 1.7 is outside 0–1')).toBeTruthy();
    expect(screen.getByText('1.7')).toBeTruthy();
    expect(screen.queryByText(/170/)).toBeNull();
    expect(screen.queryByText(/Reads as (true|false)/)).toBeNull();
  });

  it('flags an answer of a run stored before answers were checked', async () => {
    installFakeBridge({ 'judge.sets.get': () => setWith(undefined) });
    const old: OpenedRun = {
      ...opened,
      run: { ...opened.run, answers: [{ name: 'refund', kind: 'noul', noul: 1.7 }] },
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RunResult open={old} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('noul 1.7 is outside 0–1')).toBeTruthy();
    expect(screen.queryByText(/170/)).toBeNull();
  });
});
