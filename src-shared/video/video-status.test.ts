import { describe, expect, it } from 'vitest';
import { findVideoUrl, isTerminal, mapVideoStatus, parseTaskBody } from './video-status';

describe('mapVideoStatus', () => {
  it.each([
    ['queued', 'queued'],
    ['PENDING', 'queued'],
    ['Submitted', 'queued'],
    ['in_queue', 'queued'],
    ['running', 'running'],
    ['IN_PROGRESS', 'running'],
    ['in-progress', 'running'],
    ['processing', 'running'],
    ['succeeded', 'succeeded'],
    ['SUCCESS', 'succeeded'],
    ['completed', 'succeeded'],
    ['failed', 'failed'],
    ['Failure', 'failed'],
    ['error', 'failed'],
    ['cancelled', 'cancelled'],
    ['CANCELED', 'cancelled'],
    ['expired', 'expired'],
  ])('maps %s to %s', (word, state) => {
    expect(mapVideoStatus(word)).toBe(state);
  });

  it('keeps an unknown word as unknown (not terminal, so polling goes on)', () => {
    expect(mapVideoStatus('rendering_frames')).toBe('unknown');
    expect(mapVideoStatus(undefined)).toBe('unknown');
    expect(isTerminal('unknown')).toBe(false);
    const parsed = parseTaskBody({ id: 't1', status: 'Rendering_Frames' });
    expect(parsed).toMatchObject({ state: 'unknown', status: 'Rendering_Frames', taskId: 't1' });
  });

  it('knows which states are terminal', () => {
    expect(['succeeded', 'failed', 'cancelled', 'expired'].every((s) => isTerminal(s as never))).toBe(true);
    expect(isTerminal('queued') || isTerminal('running')).toBe(false);
  });
});

describe('findVideoUrl', () => {
  const url = 'https://cdn.example/v.mp4';
  it.each([
    ['content.video_url', { content: { video_url: url } }],
    ['video_url', { video_url: url }],
    ['output', { output: url }],
    ['data.content.video_url', { status: 'succeeded', data: { content: { video_url: url } } }],
    ['metadata.url', { metadata: { url } }],
    ['wrapped {code,data}', { code: 0, data: { status: 'success', content: { video_url: url } } }],
    ['wrapped {code,data} with video_url', { code: 200, data: { video_url: url } }],
  ])('finds it at %s', (_name, body) => {
    expect(findVideoUrl(body)).toBe(url);
  });

  it('returns undefined when there is none', () => {
    expect(findVideoUrl({ status: 'running' })).toBeUndefined();
    expect(findVideoUrl('nonsense')).toBeUndefined();
  });
});

describe('parseTaskBody', () => {
  it('reads a wrapped body with status, progress and id', () => {
    const p = parseTaskBody({ code: 0, data: { task_id: 'abc', status: 'IN_PROGRESS', progress: '45%' } });
    expect(p).toMatchObject({ taskId: 'abc', state: 'running', progress: 45 });
  });

  it('scales 0..1 progress and reads error messages of failed tasks', () => {
    expect(parseTaskBody({ status: 'running', progress: 0.5 }).progress).toBe(50);
    expect(parseTaskBody({ status: 'failed', error: { message: 'boom' } }).error).toBe('boom');
    expect(parseTaskBody({ status: 'failure', fail_reason: 'nsfw' }).error).toBe('nsfw');
  });
});
