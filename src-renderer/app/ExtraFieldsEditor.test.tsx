import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageEntryView } from '../../src-shared/media/media-history';
import { useMedia } from '../features/media/media-store';
import { ImagesPanel } from '../features/media/ImagesPanel';
import { installFakeBridge } from '../test/fake-bridge';

// The editor as the images form uses it: what it says about bad text, that bad text is never
// sent, and that good extras show up merged in the preview and in what the form sends.
const entry: ImageEntryView = {
  id: 'img-1',
  kind: 'image',
  createdAt: 0,
  profileId: 'sandbox',
  model: 'img-model',
  prompt: 'a kite',
  params: { size: '1024x1024', n: 1, responseFormat: 'url' },
  extra: { seed: 7 },
  files: [],
  urls: [],
};

function renderImages() {
  const bridge = installFakeBridge({
    'profiles.list': () => ({ profiles: [], activeId: 'sandbox' }),
    'models.list': () => [],
    'media.history.list': () => [],
    'media.images.generate': () => entry,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ImagesPanel />
    </QueryClientProvider>,
  );
  return bridge;
}

const editor = () => screen.getByLabelText('Extra body fields (JSON object)') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(editor(), { target: { value: text } });
/** Opens the folded preview (written out only while open) and reads the body it shows. */
const preview = () => {
  const details = screen.getByText('Request body that will be sent', { selector: 'summary' }).parentElement!;
  if (!(details as HTMLDetailsElement).open) {
    (details as HTMLDetailsElement).open = true;
    fireEvent(details, new Event('toggle'));
  }
  return JSON.parse(screen.getByLabelText('Request body that will be sent').textContent ?? '') as unknown;
};
const generated = (bridge: ReturnType<typeof renderImages>) =>
  bridge.calls.filter((c) => c.route === 'media.images.generate');

beforeEach(() => {
  useMedia.setState({
    image: {
      prompt: 'a kite',
      model: 'img-model',
      size: '1024x1024',
      count: '1',
      responseFormat: 'url',
      extra: '',
    },
  });
});

describe('ExtraFieldsEditor on a form', () => {
  it('says invalid JSON is invalid, keeps the text, and sends nothing', () => {
    const bridge = renderImages();
    type('{"seed": 7,');
    const error = screen.getByText(/^Extra body fields: not valid JSON — /);
    expect(editor().getAttribute('aria-describedby')).toBe(error.id);
    expect(editor().value).toBe('{"seed": 7,');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(generated(bridge)).toEqual([]);
    expect(editor().value).toBe('{"seed": 7,');
  });

  it('refuses an array and a key the form owns, naming the field', () => {
    const bridge = renderImages();
    type('[1]');
    expect(
      screen.getByText('Extra body fields must be a JSON object such as {"seed": 42}, not an array.'),
    ).toBeTruthy();
    type('{"size": "2048x2048"}');
    expect(screen.getByText('extra.size: is set by the form — change it there.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(generated(bridge)).toEqual([]);
  });

  it('merges valid extras into the preview and sends them with the form', async () => {
    const bridge = renderImages();
    expect(preview()).toEqual({
      model: 'img-model',
      prompt: 'a kite',
      n: 1,
      size: '1024x1024',
      response_format: 'url',
    });
    type('{"seed": 7, "watermark": false}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(preview()).toEqual({
      model: 'img-model',
      prompt: 'a kite',
      n: 1,
      size: '1024x1024',
      response_format: 'url',
      seed: 7,
      watermark: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(generated(bridge)[0]?.input).toMatchObject({ extra: { seed: 7, watermark: false } }),
    );
    // The note about the spec is always beside the editor.
    const details = editor().closest('details')!;
    expect(within(details).getByText(/spec does not show these fields/)).toBeTruthy();
  });
});
