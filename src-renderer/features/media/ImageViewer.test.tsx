import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ImageEntryView } from '../../../src-shared/media/media-history';
import { formatDateTime } from '../../i18n/i18n';
import { ImageViewer, viewableImages } from './ImageViewer';

const entry = (
  id: string,
  prompt: string,
  files: number,
  extra: Partial<ImageEntryView> = {},
): ImageEntryView => ({
  id,
  kind: 'image',
  createdAt: 1_700_000_000_000,
  profileId: 'sandbox',
  model: 'sandbox-image-1',
  prompt,
  params: { size: '512x512', n: files, responseFormat: 'url' },
  files: Array.from({ length: files }, (_, i) => ({ rel: `images/${id}/${i}.png`, width: 512, height: 512 })),
  urls: Array.from({ length: files }, (_, i) => `media://${id}/${i}.png`),
  ...extra,
});

/** The viewer as ImagesPanel holds it: the position lives in the parent. */
function Harness(props: { entries: ImageEntryView[]; start?: number; onSave?: (at: number) => void }) {
  const images = viewableImages(props.entries);
  const [at, setAt] = useState(props.start ?? 0);
  const [open, setOpen] = useState(true);
  return open ? (
    <ImageViewer
      images={images}
      at={at}
      onMove={setAt}
      onSave={() => props.onSave?.(at)}
      onClose={() => setOpen(false)}
    />
  ) : null;
}

const shownSrc = () => within(screen.getByRole('dialog')).getByRole('img').getAttribute('src');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('viewableImages', () => {
  it('lists every image with a file, in history order, and skips ones that failed', () => {
    const failed = entry('b', 'two', 2, {
      files: [{ error: 'timed out' }, { rel: 'images/b/1.png' }],
      urls: [null, 'media://b/1.png'],
    });
    expect(viewableImages([entry('a', 'one', 2), failed]).map((im) => `${im.entry.id}/${im.index}`)).toEqual([
      'a/0',
      'a/1',
      'b/1',
    ]);
  });
});

describe('ImageViewer', () => {
  it('steps through every image of the history with the buttons, stopping at the ends', () => {
    render(<Harness entries={[entry('a', 'first prompt', 2), entry('b', 'second prompt', 1)]} />);
    expect(shownSrc()).toBe('media://a/0.png');
    expect(screen.getByText('Image 1 of 3')).toBeTruthy();
    expect(button('Previous image').disabled).toBe(true);

    fireEvent.click(button('Next image'));
    expect(shownSrc()).toBe('media://a/1.png');
    fireEvent.click(button('Next image'));
    expect(shownSrc()).toBe('media://b/0.png');
    expect(screen.getByText('Image 3 of 3')).toBeTruthy();
    expect(button('Next image').disabled).toBe(true);
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('alt')).toBe(
      'Image 1 for “second prompt”',
    );

    fireEvent.click(button('Previous image'));
    expect(shownSrc()).toBe('media://a/1.png');
  });

  it('moves with ← and →, ignores them past the ends and with a modifier, and closes on Escape', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { container } = render(<Harness entries={[entry('a', 'p', 3)]} start={1} />);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownSrc()).toBe('media://a/2.png');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownSrc()).toBe('media://a/2.png');
    fireEvent.keyDown(window, { key: 'ArrowLeft', altKey: true });
    expect(shownSrc()).toBe('media://a/2.png');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(shownSrc()).toBe('media://a/0.png');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(shownSrc()).toBe('media://a/0.png');
    // Stepping keeps focus where it was (on Close), so the keys keep working.
    expect(document.activeElement).toBe(button('Close'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('shows the request of the image shown, and saves that image', () => {
    const saved: number[] = [];
    render(
      <Harness
        entries={[
          entry('a', 'a red boat', 1, {
            model: 'img-model-x',
            revisedPrompt: 'a small red boat at sea',
            extra: { seed: 7 },
            params: { size: '1024x1792', n: 1, responseFormat: 'b64_json' },
            files: [{ rel: 'images/a/0.png', width: 1024, height: 1792 }],
          }),
          entry('b', 'a blue car', 1, { createdAt: 1_600_000_000_000 }),
        ]}
        onSave={(at) => saved.push(at)}
      />,
    );
    const details = screen.getByRole('region', { name: 'Request details' });
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    expect(value('Prompt')).toBe('a red boat');
    expect(value('Revised prompt')).toBe('a small red boat at sea');
    expect(value('Model')).toBe('img-model-x');
    expect(value('Size asked for')).toBe('1024x1792');
    expect(value('This image')).toBe('1024 × 1792 px');
    expect(value('Images in the request')).toBe('1');
    expect(value('Response format')).toBe('Base64 in the reply');
    expect(value('Extra body fields')).toBe('{"seed":7}');
    expect(value('Created')).toBe(formatDateTime(1_700_000_000_000));

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(value('Prompt')).toBe('a blue car');
    expect(value('Created')).toBe(formatDateTime(1_600_000_000_000));
    expect(within(details).queryByText('Revised prompt')).toBeNull();
    expect(within(details).queryByText('Extra body fields')).toBeNull();
    fireEvent.click(button('Save image'));
    expect(saved).toEqual([1]);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness entries={[entry('a', 'p', 1)]} />);
    const save = button('Save image');
    const close = button('Close');
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(document.activeElement).toBe(save);
    fireEvent.keyDown(window, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
  });
});
