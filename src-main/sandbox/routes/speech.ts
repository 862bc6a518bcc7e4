import { sandboxWav } from '../wav-writer';
import { speechRequestSchema } from '../media-schemas';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import { synthesizeSpeech } from '../speech-audio';
import { parseBody } from '../validate';

export const speechRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/audio/speech',
  handle(ctx) {
    const body = parseBody(speechRequestSchema, ctx.body);
    requireModel(body.model, 'speech');
    const pcm = synthesizeSpeech(body.input, body.voice, body.speed ?? 1);
    const format = body.response_format ?? 'wav';
    const bytes = format === 'pcm' ? pcm : sandboxWav(pcm);
    ctx.res.writeHead(200, {
      'Content-Type': format === 'pcm' ? 'audio/pcm' : 'audio/wav',
      'Content-Length': String(bytes.length),
    });
    ctx.res.end(bytes);
  },
};
