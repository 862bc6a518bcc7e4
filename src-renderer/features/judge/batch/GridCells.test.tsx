import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GradeCellView } from './GridCells';

describe('a results grid cell', () => {
  it('marks an answer that does not fit its question, says why, and shows no reading of it', () => {
    const { container } = render(
      <GradeCellView
        question={undefined}
        cell={{
          type: 'noul',
          question: 'cats',
          threshold: 0.5,
          expected: true,
          disagrees: false,
          problems: [{ code: 'outOfRange', field: 'noul', value: 1.7 }],
        }}
      />,
    );
    const mark = screen.getByTitle('noul 1.7 is outside 0–1');
    expect(mark.textContent).toContain('invalid answer');
    expect(container.textContent).not.toMatch(/→/);
  });
});
