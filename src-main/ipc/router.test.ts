import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppFailure } from '../../src-shared/result';
import { GatewayError } from '../core/gateway/gateway-error';
import { route } from '../../src-shared/ipc/define-route';
import { createRouter, originPolicy } from './router';

const routes = {
  'echo.upper': route<string>()(z.object({ text: z.string().min(1, 'is required') })),
  'fail.app': route<null>()(z.object({})),
  'fail.gateway': route<null>()(z.object({})),
  'fail.crash': route<null>()(z.object({})),
};
const dispatch = createRouter(
  routes,
  {
    'echo.upper': ({ text }) => text.toUpperCase(),
    'fail.app': () => {
      throw new AppFailure({ code: 'not_found', message: 'gone' });
    },
    'fail.gateway': () => {
      throw new GatewayError('rate_limited', 'Rate limited — retry in 3 s.', 429, 'slow down', 3000);
    },
    'fail.crash': () => {
      throw new TypeError('boom');
    },
  },
  originPolicy(['file:///opt/gatehouse/out/renderer/index.html', 'http://127.0.0.1:5780']),
);
const app = { url: 'file:///opt/gatehouse/out/renderer/index.html', isMainFrame: true };

describe('router', () => {
  it('validates input and resolves to ok data', async () => {
    expect(await dispatch('echo.upper', { text: 'hi' }, app)).toEqual({ ok: true, data: 'HI' });
  });

  it('rejects bad input naming the field and the rule', async () => {
    const r = await dispatch('echo.upper', { text: '' }, app);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'text: is required' } });
    const r2 = await dispatch('echo.upper', { text: 5 }, app);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.details?.issues?.[0].path).toBe('text');
  });

  it('refuses foreign senders: another origin, or a sub-frame of ours', async () => {
    expect(
      await dispatch('echo.upper', { text: 'x' }, { url: 'https://evil.example', isMainFrame: true }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(await dispatch('echo.upper', { text: 'x' }, { ...app, isMainFrame: false })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(
      await dispatch('echo.upper', { text: 'x' }, { url: 'not a url', isMainFrame: true }),
    ).toMatchObject({ ok: false });
    // Another local page is not the app, even on file:.
    expect(
      await dispatch('echo.upper', { text: 'x' }, { url: 'file:///tmp/evil.html', isMainFrame: true }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(
      await dispatch('echo.upper', { text: 'x' }, { url: 'http://127.0.0.1:5780/?t=1', isMainFrame: true }),
    ).toMatchObject({ ok: true });
  });

  it('answers unknown routes, including prototype names, without throwing', async () => {
    expect(await dispatch('nope', {}, app)).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    expect(await dispatch('constructor', {}, app)).toMatchObject({
      ok: false,
      error: { code: 'unknown_route' },
    });
  });

  it('never throws across IPC: every failure becomes a Result with its fields', async () => {
    expect(await dispatch('fail.app', {}, app)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'gone' },
    });
    expect(await dispatch('fail.gateway', {}, app)).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: 'Rate limited — retry in 3 s.',
        status: 429,
        retryAfterMs: 3000,
        details: { gatewayMessage: 'slow down' },
      },
    });
    expect(await dispatch('fail.crash', {}, app)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
  });
});
