import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelInfo } from '../../src-shared/profiles/profile-view';
import { ModelPicker, type ModelPickerProps } from './ModelPicker';
import { useModelMemory } from './model-memory';

const MODELS: ModelInfo[] = [
  { id: 'gpt-4o' },
  { id: 'text-embedding-3-small' },
  { id: 'dall-e-3' },
  { id: 'tts-1' },
  { id: 'Claude-Sonnet' },
];

function Harness(props: Partial<ModelPickerProps> & { initial?: string; spy?: (v: string) => void }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <ModelPicker
      id="m"
      label="Model"
      models={MODELS}
      kind="chat"
      scope="chat"
      profileId="p1"
      {...props}
      value={value}
      onChange={(v) => {
        props.spy?.(v);
        setValue(v);
      }}
    />
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Model' });
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(() => {
  useModelMemory.setState({ last: {} });
  localStorage.clear();
});

describe('ModelPicker', () => {
  it('is a combobox named by its label that opens a listbox on ArrowDown', () => {
    render(<Harness />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(optionNames()).toHaveLength(5);
  });

  it('puts the current kind first, then the other kinds in order', () => {
    render(<Harness kind="image" />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const text = screen.getByRole('listbox').textContent ?? '';
    expect(text.indexOf('Image models')).toBe(0);
    expect(text.indexOf('Chat models')).toBeLessThan(text.indexOf('Embedding models'));
    expect(text.indexOf('Embedding models')).toBeLessThan(text.indexOf('Speech models'));
    expect(optionNames()[0]).toBe('dall-e-3');
  });

  it('moves with the arrows, Home and End, and picks with Enter', () => {
    render(<Harness />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0];
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(first.id);
    fireEvent.keyDown(box(), { key: 'End' });
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[4].id);
    fireEvent.keyDown(box(), { key: 'Home' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe(first.textContent);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and keeps the text', () => {
    render(<Harness initial="gpt-4o" />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('gpt-4o');
  });

  it('opened by its button, takes the focus, so Escape and a click outside close it', () => {
    render(
      <>
        <Harness initial="gpt-4o" />
        <button type="button">elsewhere</button>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Show the list' });
    fireEvent.click(toggle);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(box());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    // A click elsewhere moves the focus there, which blurs the input.
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('gpt-4o');
  });

  it('filters case-insensitively as the user types, and picks with a click', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'CLAUDE' } });
    expect(optionNames()).toEqual(['Claude-Sonnet']);
    fireEvent.click(screen.getByRole('option', { name: 'Claude-Sonnet' }));
    expect(box().value).toBe('Claude-Sonnet');
  });

  it('accepts an id that is not listed', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'my-private-model' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText(/Nothing listed matches/)).toBeTruthy();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('my-private-model');
  });

  it('keeps the value and shows the error when the list failed', () => {
    render(<Harness initial="gpt-4o" models={[]} listError="Could not load the model list" />);
    expect(box().value).toBe('gpt-4o');
    expect(screen.getByText('Could not load the model list')).toBeTruthy();
    const described = box().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Could not load the model list');
  });

  it('remembers the last model per scope and profile and restores it', () => {
    const first = render(<Harness />);
    fireEvent.change(box(), { target: { value: 'gpt-4o' } });
    first.unmount();

    const again = render(<Harness />);
    expect(box().value).toBe('gpt-4o');
    again.unmount();
    const otherProfile = render(<Harness profileId="p2" />);
    expect(box().value).toBe('');
    otherProfile.unmount();
    render(<Harness scope="image" />);
    expect(box().value).toBe('');
    expect(JSON.parse(localStorage.getItem('gatehouse.lastModel') ?? '{}').state.last).toEqual({
      'chat/p1': 'gpt-4o',
    });
  });

  it('does not restore over a value that must stand', () => {
    useModelMemory.getState().remember('video', 'p1', 'kling-v2');
    const spy = vi.fn();
    render(<Harness scope="video" initial="seedance-rerun" restore={false} spy={spy} />);
    expect(box().value).toBe('seedance-rerun');
    expect(spy).not.toHaveBeenCalled();
  });

  it('renders a few dozen rows of 100,000 ids and filters them per keystroke', () => {
    const many: ModelInfo[] = Array.from({ length: 100_000 }, (_, i) => ({ id: `vendor/model-${i}` }));
    const started = performance.now();
    render(<Harness models={many} />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').length).toBeLessThan(40);
    expect(screen.getByText('Showing the first 5,000 — type more to narrow.')).toBeTruthy();

    fireEvent.change(box(), { target: { value: 'MODEL-9999' } });
    expect(optionNames()).toEqual([
      'vendor/model-9999',
      ...Array.from({ length: 10 }, (_, i) => `vendor/model-9999${i}`),
    ]);
    // Generous bound for a slow CI box; a datalist of 100,000 options takes far longer.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('scrolling renders the slice in view, and End reaches the last match', () => {
    const many: ModelInfo[] = Array.from({ length: 1000 }, (_, i) => ({ id: `m-${i}` }));
    render(<Harness models={many} />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const list = screen.getByRole('listbox');
    act(() => {
      list.scrollTop = 28 * 500;
      fireEvent.scroll(list);
    });
    const shown = optionNames();
    expect(shown).toContain('m-500');
    expect(shown).not.toContain('m-0');
    fireEvent.keyDown(box(), { key: 'End' });
    expect(screen.getByRole('option', { name: 'm-999' }).getAttribute('aria-selected')).toBe('true');
  });
});
