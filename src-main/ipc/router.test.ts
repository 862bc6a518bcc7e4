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
  originPolicy(['gatehouse-app://app', 'http://127.0.0.1:5780']),
);
const app = { url: 'gatehouse-app://app/index.html', isMainFrame: true };

describe('router', () => {
  it('validates input and resolves to ok data', async () => {
    expect(await dispatch('echo.upper', { text: 'hi' }, app)).toEqual({ ok: true, data: 'HI' });
  });

  it('refuses input nested deeper than zod can recurse, as a Result (found by the IPC fuzz test)', async () => {
    interface Node {
      child?: Node;
    }
    const node: z.ZodType<Node> = z.object({
      get child() {
        return node.optional();
      },
    });
    const deep = createRouter({ 'tree.take': route<null>()(node) }, { 'tree.take': () => null }, () => true);
    let input: Node = {};
    for (let i = 0; i < 50_000; i++) input = { child: input };
    expect(await deep('tree.take', input, app)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ path: '(input)' }] } },
    });
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
    // No local page is the app: file: has no origin to match, even the built renderer's own file.
    for (const url of [
      'file:///tmp/evil.html',
      'file:///opt/gatehouse/out/renderer/index.html',
      'gatehouse-app://other/index.html',
      'gatehouse-media://media/x.png',
      'gatehouse-app:index.html',
      'data:text/html,<script>1</script>',
      'about:blank',
    ]) {
      expect(await dispatch('echo.upper', { text: 'x' }, { url, isMainFrame: true }), url).toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
    }
    expect(
      await dispatch(
        'echo.upper',
        { text: 'x' },
        { url: 'gatehouse-app://app/?tab=chat#x', isMainFrame: true },
      ),
    ).toMatchObject({ ok: true });
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

  it('hands each handler its caller and a signal that aborts when the page goes away or the app shuts down', async () => {
    const seen: { sender: unknown; signal: AbortSignal }[] = [];
    const lifetime = new AbortController();
    const watch = createRouter(
      { 'ctx.watch': route<null>()(z.object({})) },
      {
        'ctx.watch': (_input, ctx) => {
          seen.push(ctx);
          return null;
        },
      },
      () => true,
      lifetime.signal,
    );
    const page = new AbortController();
    await watch('ctx.watch', {}, app, page.signal);
    await watch('ctx.watch', {}, app);
    expect(seen[0].sender).toEqual(app);
    expect(seen.map((c) => c.signal.aborted)).toEqual([false, false]);
    page.abort();
    expect(seen.map((c) => c.signal.aborted)).toEqual([true, false]);
    lifetime.abort();
    expect(seen.map((c) => c.signal.aborted)).toEqual([true, true]);
  });
});
