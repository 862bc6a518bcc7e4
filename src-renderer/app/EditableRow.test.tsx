import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditableRow } from './EditableRow';

const props = {
  active: false,
  onOpen: () => {},
  onRename: async () => {},
  onDelete: async () => {},
  labels: { rename: 'Rename', renameInput: 'New name', delete: 'Delete', confirmDelete: 'Delete?' },
};
const name = 'Planning the quarterly migration of the billing database to the new cluster';

describe('EditableRow', () => {
  it('gives the whole name in the tooltip, however narrow the panel cuts it', () => {
    render(
      <ul>
        <EditableRow {...props} name={name} title="3 questions, revision 2" />
        <EditableRow {...props} name="Short one" />
      </ul>,
    );
    expect(screen.getByRole('button', { name }).title).toBe(`${name}\n3 questions, revision 2`);
    expect(screen.getByRole('button', { name: 'Short one' }).title).toBe('Short one');
  });
});
