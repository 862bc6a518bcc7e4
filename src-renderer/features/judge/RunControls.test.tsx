import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { useJudge } from './judge-store';
import { RunControls } from './RunControls';

describe('Run judgement', () => {
  it('waits for the token estimate of the current inputs, so an oversized run cannot slip out unwarned', () => {
    installFakeBridge({});
    useJudge.setState({
      state: { mode: 'text', text: 'The reply was polite.' },
      estimatePending: true,
      estimate: undefined,
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RunControls />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Run judgement' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Counting tokens…')).toBeTruthy();
    act(() => useJudge.getState().setEstimate(undefined, false));
    expect(button.disabled).toBe(false);
    expect(screen.queryByText('Counting tokens…')).toBeNull();
  });
});
