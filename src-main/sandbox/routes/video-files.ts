import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SandboxHttpError } from '../errors';
import { sendFileWithRanges } from '../range-file';
import type { SandboxRoute } from '../route-types';
import { findTask, phaseAt } from './video-task-record';

const CLIP = join('resources', 'sandbox', 'sample-clip.mp4');

/**
 * The sample clip, found by walking up from this module to the project root (the source tree
 * and the bundled `out/main` sit at different depths). GATEHOUSE_SANDBOX_CLIP overrides it.
 */
export function defaultClipPath(): string {
  if (process.env.GATEHOUSE_SANDBOX_CLIP) return process.env.GATEHOUSE_SANDBOX_CLIP;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, CLIP);
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  return join(process.cwd(), CLIP);
}

/**
 * GET /v1/files/videos/{id}.mp4: the finished video. Auth-free, standing in for the signed
 * CDN links real gateways return (clients must not send their key to those). Range requests
 * work, so players can seek.
 */
export function videoFileRoute(clipPath: () => string = defaultClipPath): SandboxRoute {
  return {
    method: 'GET',
    path: /\/v1\/files\/videos\/(?<id>[^/]+)\.mp4/,
    public: true,
    handle(ctx) {
      const task = findTask(ctx.state, ctx.params.id ?? '');
      if (!task || phaseAt(task, Date.now()).status !== 'succeeded') {
        throw new SandboxHttpError(
          404,
          'No finished video at this address',
          'invalid_request_error',
          'not_found',
        );
      }
      const range = typeof ctx.req.headers.range === 'string' ? ctx.req.headers.range : undefined;
      if (!sendFileWithRanges(ctx.res, clipPath(), range, 'video/mp4')) {
        throw new SandboxHttpError(
          500,
          `The Sandbox sample clip is missing (${clipPath()})`,
          'server_error',
          'internal_error',
        );
      }
    },
  };
}
