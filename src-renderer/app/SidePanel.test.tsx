import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SidePanel } from './SidePanel';
import { useUi } from './ui-store';

describe('a side panel', () => {
  beforeEach(() => {
    localStorage.clear();
    useUi.setState({ folded: {} });
  });

  it('folds to a rail and back, and the choice is kept in the window’s storage', () => {
    render(
      <SidePanel id="conversations" side="start" className="sidebar" label="Conversations">
        <p>the list</p>
      </SidePanel>,
    );
    expect(screen.getByText('the list')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Conversations' }));
    expect(screen.queryByText('the list')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Conversations' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('gatehouse.layout') ?? '{}').state).toEqual({
      folded: { conversations: true },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show Conversations' }));
    expect(screen.getByText('the list')).toBeTruthy();
  });

  it('keeps the tab and the log out of what is remembered', () => {
    useUi.getState().setTab('judge');
    useUi.getState().setLogOpen(true);
    useUi.getState().togglePanel('chatParams');
    expect(JSON.parse(localStorage.getItem('gatehouse.layout') ?? '{}').state).toEqual({
      folded: { chatParams: true },
    });
    useUi.setState({ tab: 'chat', logOpen: false });
  });
});
