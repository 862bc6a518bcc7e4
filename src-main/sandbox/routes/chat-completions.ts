import { randomBytes } from 'node:crypto';
import { answerChat } from '../chat-answer';
import { chatRequestSchema } from '../chat-schema';
import { streamChatReply } from '../chat-stream';
import { pause } from '../sse';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import { parseBody } from '../validate';

export const chatCompletionsRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/chat/completions',
  async handle(ctx) {
    const body = parseBody(chatRequestSchema, ctx.body);
    const model = requireModel(body.model, 'chat');
    ctx.state.countChatRequest(body.model);

    const messages = body.messages.map((m) => ({
      role: m.role,
      content: m.content,
      tool_calls: 'tool_calls' in m ? m.tool_calls : undefined,
      tool_call_id: 'tool_call_id' in m ? m.tool_call_id : undefined,
    }));
    // What else shapes the answer; left out when none is set, so plain requests keep their
    // replies. `stop` and `logprobs` are not in it: they end or annotate the same reply.
    const extras = Object.fromEntries(
      Object.entries({
        seed: body.seed,
        presence_penalty: body.presence_penalty,
        frequency_penalty: body.frequency_penalty,
        max_completion_tokens: body.max_completion_tokens,
        response_format: body.response_format,
        tools: body.tools,
        tool_choice: body.tool_choice,
        parallel_tool_calls: body.parallel_tool_calls,
        reasoning_effort: body.reasoning_effort,
      }).filter(([, v]) => v != null),
    );
    // Seeded by what shapes the answer only, so stream and non-stream give the same text.
    const rng = ctx.seed(
      'chat',
      body.model,
      messages,
      body.temperature ?? null,
      body.top_p ?? null,
      body.max_tokens ?? null,
      ...(Object.keys(extras).length > 0 ? [extras] : []),
    );
    const { reply, usage, headers } = answerChat(body, model, rng);
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
        logprobs: body.logprobs === true,
        headers,
      });
      return;
    }
    const message = reply.toolCalls
      ? {
          role: 'assistant',
          content: null,
          tool_calls: reply.toolCalls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          })),
          refusal: null,
        }
      : { role: 'assistant', content: reply.content };
    // A plain reply with a chat latency answers when a streamed one would have ended.
    if (ctx.settings.chatLatencyMs !== undefined && !(await pause(ctx.settings.chatLatencyMs, ctx.signal)))
      return;
    // error-event only has a meaning for streams; cut-stream is handled by sendJson.
    ctx.sendJson(
      200,
      {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [
          {
            index: 0,
            message,
            ...(body.logprobs && { logprobs: { content: reply.logprobs ?? null, refusal: null } }),
            finish_reason: reply.finishReason,
          },
        ],
        usage,
      },
      headers,
    );
  },
};
