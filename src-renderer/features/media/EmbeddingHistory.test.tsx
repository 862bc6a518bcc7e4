import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddingEntryView } from '../../../src-shared/media/embedding-entry';
import { installFakeBridge } from '../../test/fake-bridge';
import { formatDateTime } from '../../i18n/i18n';
import { EmbeddingsPanel } from './EmbeddingsPanel';
import { useMedia } from './media-store';

const entry = (id: string, createdAt: number, texts: string[], extra: Partial<EmbeddingEntryView> = {}) =>
  ({
    id,
    kind: 'embedding',
    createdAt,
    profileId: 'sandbox',
    model: 'embed-x',
    params: { model: 'embed-x', dimensions: 4, encodingFormat: 'float' },
    inputs: texts.map((text, index) => ({
      index,
      text,
      chars: text.length,
      dimensions: 4,
      norm: 1,
      zero: false,
      preview: [0.1234567, -0.5, 0.25, 0],
    })),
    matrix: texts.map((_, i) => texts.map((__, j) => (i === j ? 1 : 0.42))),
    problems: [],
    usage: { total_tokens: 7 },
    vectorsKept: false,
    vectorsGone: 'unknown',
    ...extra,
  }) satisfies EmbeddingEntryView;

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
    embed: { inputs: '', model: 'embed-x', dimensions: '', encodingFormat: 'float', extra: '' },
  });
});

describe('EmbeddingsPanel history', () => {
  it('lists past runs and opens one: its heat map, numbers and vector previews come back', async () => {
    const old = entry('emb-1-old', 1_700_000_000_000, ['north', 'south'], { cost: 0.0002 });
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => [old],
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Embeddings history' });
    expect(await within(list).findByText('north · south')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Cosine similarity' })).toBeNull();

    const time = formatDateTime(old.createdAt);
    fireEvent.click(screen.getByRole('button', { name: `Open the run of ${time}: north · south` }));
    const map = await screen.findByRole('group', { name: 'Cosine similarity' });
    expect(within(map).getByRole('img', { name: '#1 vs #2: 0.420' })).toBeTruthy();
    expect(screen.getByText(`From the history: the run of ${time}.`)).toBeTruthy();
    expect(screen.getByText(/embed-x · 2 input\(s\) · 4 dimensions · 7 tokens · cost 0.0002/)).toBeTruthy();
    expect(screen.getAllByText('0.1235, -0.5000, 0.2500, 0.0000')).toHaveLength(2);
    expect(screen.getAllByTitle('0.1235, -0.5000, 0.2500, 0.0000')).toHaveLength(2);
    expect(list.querySelector('[aria-current="true"]')?.textContent).toContain('north · south');
    // Whole vectors are not in the history, and the panel says so instead of offering Copy.
    expect((screen.getByRole('button', { name: 'Copy vectors as JSON' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/the history keeps the first 4 values of each/)).toBeTruthy();
  });

  it('shows a new run at once and lists it once main has saved it', async () => {
    const made = entry('emb-2-new', 1_700_000_100_000, ['red', 'blue'], { vectorsKept: true });
    const saved: EmbeddingEntryView[] = [];
    const bridge = installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => saved,
      'media.embeddings.run': () => {
        saved.push(made);
        return made;
      },
    });
    renderPanel();
    expect(await screen.findByText(/No runs yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Inputs (one per line)'), { target: { value: 'red\nblue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }));
    await screen.findByRole('group', { name: 'Cosine similarity' });
    expect(screen.queryByText(/From the history/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Copy vectors as JSON' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    const list = screen.getByRole('list', { name: 'Embeddings history' });
    await waitFor(() => expect(within(list).getByText('red · blue')).toBeTruthy());
    expect(bridge.calls.filter((c) => c.route === 'media.history.list').length).toBeGreaterThan(1);
  });

  it('deletes a run after asking; the result shown goes with it', async () => {
    let saved = [
      entry('emb-3-a', 1_700_000_000_000, ['keep me']),
      entry('emb-3-b', 1_600_000_000_000, ['drop me']),
    ];
    const bridge = installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
      'models.list': () => [],
      'media.history.list': () => saved,
      'media.history.delete': (input) => {
        saved = saved.filter((e) => e.id !== (input as { id: string }).id);
        return null;
      },
    });
    renderPanel();
    const time = formatDateTime(1_600_000_000_000);
    fireEvent.click(await screen.findByRole('button', { name: `Open the run of ${time}: drop me` }));
    await screen.findByRole('group', { name: 'Cosine similarity' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete “drop me”' }));
    const confirm = screen.getByRole('group', { name: 'Delete “drop me”' });
    expect(within(confirm).getByText(/from the local database/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('drop me')).toBeNull());
    expect(screen.queryByRole('group', { name: 'Cosine similarity' })).toBeNull();
    expect(screen.getByText('keep me')).toBeTruthy();
    expect(bridge.calls.find((c) => c.route === 'media.history.delete')?.input).toEqual({ id: 'emb-3-b' });
  });
});
