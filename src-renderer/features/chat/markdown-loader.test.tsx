import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

describe('the markdown renderer, loaded on first use', () => {
  it('shows the text plainly at once, then formatted when the renderer has loaded', async () => {
    const view = render(<Markdown text={'**bold** and <img src=x onerror=alert(1)>'} />);
    // Not loaded in this file yet: the text is there, as text, nothing from it is markup.
    expect(view.container.textContent).toContain('**bold**');
    expect(view.container.querySelector('img')).toBeNull();
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    // Sanitised as before once rendered as markdown.
    expect(view.container.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
  });
});
