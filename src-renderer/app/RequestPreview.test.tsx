import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestPreview } from './RequestPreview';

describe('the request preview', () => {
  it('writes the body out only once opened, and keeps it current while open', () => {
    const view = render(<RequestPreview body={{ model: 'm', messages: ['a'] }} />);
    const pre = screen.getByLabelText('Request body that will be sent');
    expect(pre.textContent).toBe('');
    const details = pre.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(JSON.parse(pre.textContent!)).toEqual({ model: 'm', messages: ['a'] });
    view.rerender(<RequestPreview body={{ model: 'm', messages: ['a', 'b'] }} />);
    expect(JSON.parse(pre.textContent!)).toEqual({ model: 'm', messages: ['a', 'b'] });
  });
});
