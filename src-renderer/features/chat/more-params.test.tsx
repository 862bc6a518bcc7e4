import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MoreParams } from './MoreParams';
import { useChat } from './chat-store';

const params = () => useChat.getState().params;

describe('more request controls in the chat panel', () => {
  beforeEach(() => useChat.getState().setParams({ temperature: 0.5 }));

  it('sets seed and the penalties, and an empty field sends nothing', () => {
    render(<MoreParams />);
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '-12' } });
    fireEvent.change(screen.getByLabelText('Presence penalty'), { target: { value: '1.5' } });
    expect(params()).toEqual({ temperature: 0.5, seed: -12, presence_penalty: 1.5 });
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '' } });
    expect(params()).toEqual({ temperature: 0.5, presence_penalty: 1.5 });
  });

  it('names the rule for a value out of range and keeps the last good one', () => {
    render(<MoreParams />);
    fireEvent.change(screen.getByLabelText('Frequency penalty'), { target: { value: '3' } });
    expect(screen.getByText('frequency_penalty must be between -2 and 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '1.5' } });
    expect(screen.getByText('seed must be a whole number')).toBeTruthy();
    expect(params()).toEqual({ temperature: 0.5 });
  });

  it('reads stop sequences one per line, at most four', () => {
    render(<MoreParams />);
    const stop = screen.getByLabelText('Stop sequences');
    fireEvent.change(stop, { target: { value: 'END\n\n###' } });
    expect(params().stop).toEqual(['END', '###']);
    fireEvent.change(stop, { target: { value: 'a\nb\nc\nd\ne' } });
    expect(screen.getByText('Stop sequences: at most 4 (one per line).')).toBeTruthy();
    expect(params().stop).toEqual(['END', '###']);
    fireEvent.change(stop, { target: { value: '' } });
    expect(params()).not.toHaveProperty('stop');
  });

  it('asks for alternatives per token only with logprobs on, and turning it off takes both', () => {
    render(<MoreParams />);
    const top = screen.getByLabelText('Alternatives per token (top_logprobs)') as HTMLInputElement;
    expect(top.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Token probabilities (logprobs)'));
    expect(top.disabled).toBe(false);
    fireEvent.change(top, { target: { value: '5' } });
    expect(params()).toMatchObject({ logprobs: true, top_logprobs: 5 });
    fireEvent.click(screen.getByLabelText('Token probabilities (logprobs)'));
    expect(params()).toEqual({ temperature: 0.5 });
  });

  it('sets reasoning effort and turns the usage chunk off', () => {
    render(<MoreParams />);
    fireEvent.change(screen.getByLabelText('Reasoning effort'), { target: { value: 'high' } });
    fireEvent.click(screen.getByLabelText('Ask for token usage in the last chunk'));
    expect(params()).toEqual({ temperature: 0.5, reasoning_effort: 'high', include_usage: false });
    fireEvent.change(screen.getByLabelText('Reasoning effort'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Ask for token usage in the last chunk'));
    expect(params()).toEqual({ temperature: 0.5 });
  });
});
