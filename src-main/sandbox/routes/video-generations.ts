import { requireModel } from '../model-catalog';
import { SandboxHttpError } from '../errors';
import type { SandboxContext, SandboxRoute } from '../route-types';
import { parseBody } from '../validate';
import { checkContent, videoRequestSchema } from './video-schema';
import { findTask, newTask, statusBody, taskStore } from './video-task-record';

/** Where result links point: the address the client used to reach this server. */
export function requestOrigin(ctx: SandboxContext): string {
  return `http://${ctx.req.headers.host ?? '127.0.0.1'}`;
}

/** POST /v1/video/generations: validates (spec §2.3) and starts a task that moves on by itself. */
export const videoCreateRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/video/generations',
  handle(ctx) {
    const body = parseBody(videoRequestSchema, ctx.body);
    requireModel(body.model, 'video');
    const prompt = checkContent(body.content);
    const task = newTask(body.model, Date.now(), ctx.settings.videoPaceMs, /\bfail\b/i.test(prompt));
    taskStore(ctx.state).set(task.id, task);
    ctx.sendJson(200, {
      id: task.id,
      task_id: task.id,
      object: 'video.generation',
      model: task.model,
      status: 'queued',
    });
  },
};

/** GET /v1/video/generations/{id}: the task's status body; unknown ids are 404. */
export const videoStatusRoute: SandboxRoute = {
  method: 'GET',
  path: /\/v1\/video\/generations\/(?<id>[^/]+)/,
  handle(ctx) {
    const task = findTask(ctx.state, ctx.params.id ?? '');
    if (!task) {
      throw new SandboxHttpError(
        404,
        `No video task with id '${ctx.params.id}'`,
        'invalid_request_error',
        'task_not_found',
        'task_id',
      );
    }
    ctx.sendJson(200, statusBody(task, Date.now(), requestOrigin(ctx)));
  },
};
