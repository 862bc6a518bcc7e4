import { fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tabs } from './tabs';
import { useUi } from './ui-store';
import { useGlobalShortcuts } from './use-shortcuts';

function Harness() {
  useGlobalShortcuts();
  return null;
}

beforeEach(() => useUi.setState({ tab: 'chat', logOpen: false }));

describe('global shortcuts', () => {
  it('Ctrl+1…N switch tabs in the order of the tab bar', () => {
    render(<Harness />);
    tabs.forEach((tab, i) => {
      fireEvent.keyDown(window, { key: String(i + 1), ctrlKey: true });
      expect(useUi.getState().tab).toBe(tab.id);
    });
    expect(tabs.map((x) => x.id)).toEqual(['chat', 'media', 'video', 'judge', 'evals', 'settings']);
  });

  it('Ctrl+L (or Cmd+L) toggles the request log; plain keys do nothing', () => {
    render(<Harness />);
    fireEvent.keyDown(window, { key: 'l', ctrlKey: true });
    expect(useUi.getState().logOpen).toBe(true);
    fireEvent.keyDown(window, { key: 'l', metaKey: true });
    expect(useUi.getState().logOpen).toBe(false);
    fireEvent.keyDown(window, { key: '2' });
    fireEvent.keyDown(window, { key: 'l' });
    expect(useUi.getState()).toMatchObject({ tab: 'chat', logOpen: false });
  });
});
