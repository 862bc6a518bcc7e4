import { embedText, float32ToBase64, wordsOf } from '../embedding-vectors';
import { embeddingsRequestSchema } from '../media-schemas';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import { parseBody } from '../validate';

export const DEFAULT_EMBEDDING_DIMENSIONS = 256;

export const embeddingsRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/embeddings',
  handle(ctx) {
    const body = parseBody(embeddingsRequestSchema, ctx.body);
    requireModel(body.model, 'embedding');
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    const dims = body.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
    const base64 = body.encoding_format === 'base64';
    const tokens = inputs.reduce((sum, text) => sum + wordsOf(text).length, 0);
    ctx.sendJson(200, {
      object: 'list',
      data: inputs.map((text, index) => {
        const v = embedText(text, body.model, dims);
        return { object: 'embedding', index, embedding: base64 ? float32ToBase64(v) : Array.from(v) };
      }),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  },
};
