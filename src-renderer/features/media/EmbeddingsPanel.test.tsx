import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddingRunView } from '../../../src-shared/media/media-views';
import { installFakeBridge } from '../../test/fake-bridge';
import { EmbeddingsPanel } from './EmbeddingsPanel';
import { useMedia } from './media-store';

const run: EmbeddingRunView = {
  id: 'emb-1-r1',
  kind: 'embedding',
  profileId: 'sandbox',
  params: { model: 'm', encodingFormat: 'float' },
  model: 'm',
  createdAt: 0,
  inputs: [
    { index: 0, text: 'alpha', chars: 5, dimensions: 3, norm: 1, zero: false, preview: [1, 0, 0] },
    { index: 1, text: 'beta', chars: 4, dimensions: 3, norm: 0, zero: true, preview: [0, 0, 0] },
    { index: 2, text: 'gamma', chars: 5, dimensions: 2, norm: 1, zero: false, preview: [0, 1] },
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
  vectorsKept: true,
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
  useMedia.setState({
    embed: { inputs: '', model: 'm', dimensions: '', encodingFormat: 'float', extra: '' },
  });
});

describe('EmbeddingsPanel', () => {
  it('checks the form first, then points out bad vectors instead of charting them', async () => {
    const bridge = installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [],
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
      'media.history.list': () => [],
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

  it('accepts a JSON array of strings, so an input may hold newlines', async () => {
    const bridge = installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [],
      'media.embeddings.run': () => run,
    });
    renderPanel();
    const box = screen.getByLabelText('Inputs (one per line)');
    fireEvent.change(box, { target: { value: '["a", oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    expect(screen.getByText(/start with “\[” but are not valid JSON/)).toBeTruthy();
    fireEvent.change(box, { target: { value: '[1, 2]' } });
    expect(screen.getByText(/must be an array of strings/)).toBeTruthy();
    fireEvent.change(box, { target: { value: ' ["first line\\nsecond line", "other"]' } });
    expect(screen.getByText('2 input(s) from the JSON array')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    await screen.findByRole('group', { name: 'Cosine similarity' });
    expect(bridge.calls.find((c) => c.route === 'media.embeddings.run')?.input).toMatchObject({
      inputs: ['first line\nsecond line', 'other'],
    });
  });

  it('stops more inputs than main accepts, in the form', () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [],
    });
    renderPanel();
    const many = Array.from({ length: 501 }, (_, i) => `line ${i}`).join('\n');
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), { target: { value: many } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    expect(
      screen.getByText('Inputs must be at most 500 (there are 501); split them into several runs.'),
    ).toBeTruthy();
  });

  it('says why vectors cannot be copied when main dropped them', async () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [],
      'media.embeddings.run': () => run,
      'media.embeddings.vectors': () => {
        throw { code: 'not_found', message: 'x', details: { vectorsGone: 'evicted' } };
      },
    });
    renderPanel();
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), { target: { value: 'a\nb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy vectors as JSON' }));
    await screen.findByText(/dropped from memory to make room for newer runs/);
  });

  it('disables copying for a run too large to keep', async () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [],
      'media.embeddings.run': () => ({ ...run, vectorsKept: false, vectorsGone: 'too-large' }),
    });
    renderPanel();
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    const copy = await screen.findByRole('button', { name: 'Copy vectors as JSON' });
    expect((copy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/too large to keep its vectors in memory/)).toBeTruthy();
  });
});
