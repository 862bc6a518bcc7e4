import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxHttpError } from './errors';
import { FAULT_HEADER, applyCommonFault, resolveFault } from './faults';
import type { RateLimiter } from './rate-limiter';
import { readJsonBody } from './read-body';
import { writeError, writeJson } from './respond';
import type { SandboxContext, SandboxFault, SandboxRoute, SandboxSettings } from './route-types';
import { matchRoute } from './router';
import { seededRng } from './seed';
import type { SandboxState } from './state';

export interface CoreDeps {
  routes: readonly SandboxRoute[];
  state: SandboxState;
  settings: SandboxSettings;
  limiter: RateLimiter | undefined;
  serverFault: SandboxFault | undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Rules shared by every endpoint, in order: auth, rate limit, routing, body, faults, then the route. */
export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: CoreDeps,
): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  res.setHeader('X-Sandbox-Gateway', '1');
  try {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = (req.method ?? 'GET').toUpperCase();

    const publicRoute = matchRoute(deps.routes, method, url.pathname);
    const apiKey =
      publicRoute.kind === 'found' && publicRoute.route.public
        ? 'public'
        : authenticate(req.headers.authorization, deps.settings.acceptedKeys);

    if (deps.limiter) {
      const retryAfter = deps.limiter.check(apiKey);
      if (retryAfter > 0) {
        throw new SandboxHttpError(
          429,
          `Rate limit exceeded: at most ${deps.settings.rateLimit} requests per second per key. Retry after ${retryAfter} s.`,
          'rate_limit_error',
          'rate_limit_exceeded',
          null,
          { 'Retry-After': String(retryAfter) },
        );
      }
    }

    const match = matchRoute(deps.routes, method, url.pathname);
    if (match.kind === 'none') {
      throw new SandboxHttpError(
        404,
        `Unknown path ${method} ${url.pathname}`,
        'invalid_request_error',
        'not_found',
      );
    }
    if (match.kind === 'wrong-method') {
      throw new SandboxHttpError(
        405,
        `Method ${method} is not allowed on ${url.pathname} (use ${match.allowed.join(', ')})`,
        'invalid_request_error',
        'method_not_allowed',
        null,
        { Allow: match.allowed.join(', ') },
      );
    }

    const fault = resolveFault(req.headers[FAULT_HEADER], deps.serverFault);
    const body = method === 'POST' ? await readJsonBody(req) : undefined;
    if (await applyCommonFault(fault, res, controller.signal)) return;

    const ctx: SandboxContext = {
      req,
      res,
      method,
      path: url.pathname,
      query: url.searchParams,
      params: match.params,
      body,
      apiKey,
      fault,
      state: deps.state,
      settings: deps.settings,
      signal: controller.signal,
      sendJson: (status, json, headers) => writeJson(res, status, json, headers, fault),
      sendError: (status, message, type, code, param) =>
        writeError(res, status, message, type, code, param ?? null),
      seed: (...parts) => (parts.length > 0 ? seededRng(...parts) : seededRng(method, url.pathname, body)),
    };
    await match.route.handle(ctx);
  } catch (err) {
    if (err instanceof SandboxHttpError) {
      if (!res.headersSent)
        writeError(res, err.status, err.message, err.type, err.code, err.param, err.headers);
      else res.destroy();
      return;
    }
    if (controller.signal.aborted) return;
    if (!res.headersSent) {
      writeError(
        res,
        500,
        `Sandbox internal error: ${(err as Error).message}`,
        'server_error',
        'internal_error',
      );
    } else {
      res.destroy();
    }
  }
}

function authenticate(header: string | undefined, accepted: string[] | undefined): string {
  if (!header) {
    throw new SandboxHttpError(
      401,
      'Missing API key: send the header Authorization: Bearer sk-...',
      'authentication_error',
      'missing_api_key',
    );
  }
  const key = BEARER.exec(header)?.[1];
  if (!key || !key.startsWith('sk-') || key.length < 4) {
    throw new SandboxHttpError(
      401,
      'Invalid API key: keys have the form sk- followed by characters',
      'authentication_error',
      'invalid_api_key',
    );
  }
  if (accepted && !accepted.includes(key)) {
    throw new SandboxHttpError(401, 'Incorrect API key provided.', 'authentication_error', 'invalid_api_key');
  }
  return key;
}
