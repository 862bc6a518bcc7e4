import { randomBytes } from 'node:crypto';
import { buildChatReply, tokenize } from '../chat-reply';
import { chatRequestSchema } from '../chat-schema';
import { streamChatReply } from '../chat-stream';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import { parseBody } from '../validate';

export const chatCompletionsRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/chat/completions',
  async handle(ctx) {
    const body = parseBody(chatRequestSchema, ctx.body);
    requireModel(body.model, 'chat');

    const messages = body.messages.map((m) => ({ role: m.role, content: m.content }));
    // Seeded by what shapes the answer only, so stream and non-stream give the same text.
    const rng = ctx.seed(
      'chat',
      body.model,
      messages,
      body.temperature ?? null,
      body.top_p ?? null,
      body.max_tokens ?? null,
    );
    const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const reply = buildChatReply(
      { model: body.model, lastUserMessage: lastUser, maxTokens: body.max_tokens },
      rng,
    );

    // Roughly how chat formats count: a few tokens of framing per message.
    const promptTokens = messages.reduce((sum, m) => sum + tokenize(m.content).length + 3, 3);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: reply.tokens.length,
      total_tokens: promptTokens + reply.tokens.length,
    };
    const id = `chatcmpl-sbx${randomBytes(10).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);

    if (body.stream) {
      await streamChatReply(ctx, {
        id,
        created,
        model: body.model,
        reply,
        usage,
        includeUsage: body.stream_options?.include_usage === true,
      });
      return;
    }
    // error-event only has a meaning for streams; cut-stream is handled by sendJson.
    ctx.sendJson(200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.content },
          finish_reason: reply.finishReason,
        },
      ],
      usage,
    });
  },
};
