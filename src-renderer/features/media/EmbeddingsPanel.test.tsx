import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddingRunView } from '../../../src-main/core/media/media-service';
import { installFakeBridge } from '../../test/fake-bridge';
import { EmbeddingsPanel } from './EmbeddingsPanel';
import { useMedia } from './media-store';

const run: EmbeddingRunView = {
  runId: 'r1',
  model: 'm',
  createdAt: 0,
  inputs: [
    { index: 0, text: 'alpha', dimensions: 3, norm: 1, zero: false },
    { index: 1, text: 'beta', dimensions: 3, norm: 0, zero: true },
    { index: 2, text: 'gamma', dimensions: 2, norm: 1, zero: false },
  ],
  matrix: [
    [1, null, null],
    [null, null, null],
    [null, null, 1],
  ],
  problems: [
    { kind: 'mismatched-dimensions', dimensions: [2, 3] },
    { kind: 'zero-vector', indexes: [1] },
  ],
};

function renderPanel() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <EmbeddingsPanel />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useMedia.setState({ embed: { inputs: '', model: 'm', dimensions: '', encodingFormat: 'float' } });
});

describe('EmbeddingsPanel', () => {
  it('checks the form first, then points out bad vectors instead of charting them', async () => {
    const bridge = installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.embeddings.run': () => run,
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    expect(screen.getByText('Inputs (one per line) is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Dimensions (optional)'), { target: { value: '2.5' } });
    expect(screen.getByText('Dimensions (optional) must be a whole number between 1 and 8192')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Dimensions (optional)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), {
      target: { value: 'alpha\n\n beta \ngamma' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));

    await screen.findByRole('group', { name: 'Cosine similarity' });
    expect(bridge.calls.find((c) => c.route === 'media.embeddings.run')?.input).toEqual({
      model: 'm',
      inputs: ['alpha', 'beta', 'gamma'],
      dimensions: undefined,
      encodingFormat: 'float',
    });
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.some((t) => t?.includes('different lengths (2, 3)'))).toBe(true);
    expect(alerts.some((t) => t?.includes('#2 came back as a zero vector'))).toBe(true);
    expect(screen.getByRole('img', { name: '#1 vs #1: 1.000' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '#1 vs #3: not comparable' }).getAttribute('title')).toBe(
      '#1 vs #3: not comparable',
    );
  });

  it('keeps the inputs when the request fails', async () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.embeddings.run': () => {
        throw { code: 'server_error', message: 'boom', status: 500 };
      },
    });
    renderPanel();
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), { target: { value: 'keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    await screen.findByText(/internal error/);
    expect((screen.getByLabelText('Inputs (one per line)') as HTMLTextAreaElement).value).toBe('keep me');
  });
});
