import { describe, expect, it } from 'vitest';
import { isSafetyCode, mapVideoStatus, parseTaskBody, resultUrlValidUntil, safetySide } from './video-status';

// Shapes as providers send them: upstream Ark, resellers, and other video vendors.
describe('parseTaskBody, real shapes', () => {
  it('reads upstream Ark: content.video_url, last_frame_url, updated_at in seconds', () => {
    const p = parseTaskBody({
      id: 'cgt-20250331175019-68d9t',
      model: 'doubao-seedance-1-0-pro-250528',
      status: 'succeeded',
      content: { video_url: 'https://ark.example/v.mp4', last_frame_url: 'https://ark.example/last.png' },
      error: null,
      usage: { completion_tokens: 108900 },
      created_at: 1743414619,
      updated_at: 1743414673,
    });
    expect(p).toMatchObject({
      taskId: 'cgt-20250331175019-68d9t',
      state: 'succeeded',
      videoUrl: 'https://ark.example/v.mp4',
      lastFrameUrl: 'https://ark.example/last.png',
      remoteUpdatedAt: 1743414673000,
    });
    expect(p.error).toBeUndefined();
  });

  it('reads an upstream failure: error.code and error.message', () => {
    const p = parseTaskBody({
      id: 'cgt-1',
      status: 'failed',
      error: { code: 'InputImageSensitiveContentDetected.PrivacyInformation', message: 'real person' },
    });
    expect(p).toMatchObject({
      state: 'failed',
      errorCode: 'InputImageSensitiveContentDetected.PrivacyInformation',
      error: 'real person',
    });
  });

  it('reads a reseller {code: 0, data: {task_id, status, fail_reason, result_url, progress}}', () => {
    const running = parseTaskBody({
      code: 0,
      message: 'success',
      data: { task_id: 'rs-9', status: 'processing', fail_reason: '', result_url: '', progress: '35%' },
    });
    expect(running).toMatchObject({ taskId: 'rs-9', state: 'running', progress: 35 });
    expect(running.videoUrl).toBeUndefined();
    const done = parseTaskBody({
      code: 0,
      data: { task_id: 'rs-9', status: 'SUCCESS', result_url: 'https://r/v.mp4' },
    });
    expect(done).toMatchObject({ state: 'succeeded', videoUrl: 'https://r/v.mp4' });
    const failed = parseTaskBody({
      code: 0,
      data: { task_id: 'rs-9', status: 'failure', fail_reason: 'InvalidParameter.duration' },
    });
    expect(failed).toMatchObject({ state: 'failed', error: 'InvalidParameter.duration' });
  });

  it('reads a flat reseller {task_id, status} create reply', () => {
    expect(parseTaskBody({ task_id: 'abc', status: 'submitted' })).toMatchObject({
      taskId: 'abc',
      state: 'queued',
    });
  });

  it('reads an output-wrapped vendor with a numeric id and its own words', () => {
    const q = parseTaskBody({ request_id: 'r', output: { task_id: 778899, task_status: 'Queueing' } });
    expect(q).toMatchObject({ taskId: '778899', state: 'queued' });
    const s = parseTaskBody({
      output: { task_id: 778899, task_status: 'succeed', video_url: 'https://v/x.mp4' },
    });
    expect(s).toMatchObject({ taskId: '778899', state: 'succeeded', videoUrl: 'https://v/x.mp4' });
    expect(parseTaskBody({ id: 42, status: 'Fail' })).toMatchObject({ taskId: '42', state: 'failed' });
  });

  it('takes the message of base_resp on a failure', () => {
    const p = parseTaskBody({
      task_id: 't',
      status: 'Fail',
      base_resp: { status_code: 1026, status_msg: 'sensitive input' },
    });
    expect(p.error).toBe('sensitive input');
  });

  it('maps the other vendors’ words case-insensitively', () => {
    expect(mapVideoStatus('succeed')).toBe('succeeded');
    expect(mapVideoStatus('Fail')).toBe('failed');
    expect(mapVideoStatus('Queueing')).toBe('queued');
    expect(mapVideoStatus('expired')).toBe('expired');
  });
});

describe('content-safety codes and result lifetime', () => {
  it('knows safety codes and their side', () => {
    expect(isSafetyCode('InputImageSensitiveContentDetected.PrivacyInformation')).toBe(true);
    expect(isSafetyCode('OutputVideoSensitiveContentDetected')).toBe(true);
    expect(isSafetyCode('ContentRiskDetected')).toBe(true);
    expect(isSafetyCode('InvalidParameter.duration')).toBe(false);
    expect(isSafetyCode(undefined)).toBe(false);
    expect(safetySide('InputImageSensitiveContentDetected.PrivacyInformation')).toBe('input');
    expect(safetySide('OutputVideoSensitiveContentDetected')).toBe('output');
    expect(safetySide('ContentRiskDetected')).toBe('either');
  });

  it('a result link is valid 24 h after the gateway’s update, else after the task finished', () => {
    expect(resultUrlValidUntil({ remoteUpdatedAt: 1000, finishedAt: 5000 })).toBe(1000 + 86_400_000);
    expect(resultUrlValidUntil({ finishedAt: 5000 })).toBe(5000 + 86_400_000);
    expect(resultUrlValidUntil({})).toBeUndefined();
  });
});
