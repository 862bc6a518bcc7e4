import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { HISTORY_CHARS_MAX } from '../../src-shared/chat/chat-events';
import { routes, streams } from '../../src-shared/ipc/contract';
import { createAppRouter, createAppStreamRouter } from './app-router';
import { checksOf, defOf } from './fuzz/zod-def';
import { testServices } from './services.test-helper';
import { recordingSubscriber } from './stream-hub.test-helper';

/**
 * Hardening finding 4: every string and list a route accepts has a maximum. Walks each input
 * schema of the contract, so a route or field added later without one fails here.
 */
function unbounded(schema: z.ZodType, at: string, out: string[], seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const checks = checksOf(schema);
  const hasMax = checks.some((c) => c.check === 'max_length' || c.check === 'length_equals');
  if (def.type === 'string') {
    const pattern = checks.find((c) => c.format === 'regex')?.pattern as RegExp | undefined;
    // A pattern anchored at both ends with only bounded repeats bounds the length too.
    const boundedPattern =
      pattern !== undefined && /^\^.*\$$/.test(pattern.source) && !/[+*]|\{\d+,\}/.test(pattern.source);
    if (!hasMax && !boundedPattern) out.push(at);
  } else if (def.type === 'array') {
    if (!hasMax) out.push(`${at}[]`);
    unbounded(def.element!, `${at}[]`, out, seen);
  } else if (def.type === 'object') {
    for (const key of Object.keys(def.shape ?? {})) unbounded(def.shape![key], `${at}.${key}`, out, seen);
  } else if (def.type === 'record' || def.type === 'unknown' || def.type === 'any' || def.type === 'custom') {
    out.push(at);
  } else if (def.innerType ?? def.in) unbounded((def.innerType ?? def.in)!, at, out, seen);
  else if (def.options) def.options.forEach((o) => unbounded(o, at, out, seen));
  return out;
}

describe('route input limits', () => {
  it('every string and list of every route and stream input has a maximum', () => {
    const found: string[] = [];
    for (const [name, r] of Object.entries({ ...routes, ...streams })) unbounded(r.input, name, found);
    // A chat history's messages (a reply's, a comparison's) are stored records (storedMessageSchema): their small fields
    // stay unbounded so saved conversations always read back; the whole history is capped by
    // HISTORY_CHARS_MAX instead (the test below).
    // Extra body fields are a JSON object bounded by their own rules (at most 50 keys and 32 KB,
    // src-shared/request/extra-body.ts), and prompt variables at most 50 of 100,000 characters
    // (src-shared/chat/prompt-variables.ts), checked in the same parse; the walker cannot see a refine.
    // A test case's expected answers are a record of at most 50 (src-shared/judge/judge-case.ts),
    // keyed by question names (a bounded pattern), each a small number or true/false. A set's
    // thresholds are a record of at most MAX_QUESTIONS numbers (src-shared/judge/set-tuning.ts).
    // Chat params: stop sequences are at most 4 of 200 characters, checked in one refine, and a
    // response format's JSON schema is an object of at most 64 KB and 64 levels
    // (src-shared/chat/response-format.ts).
    const paramRefines = /\.params\.(stop(\[\])?|response_format\.json_schema\.schema)$/;
    // A tool's parameters schema is a JSON object of at most 64 KB (src-shared/chat/chat-tools.ts).
    // An eval's definition (src-shared/evals/): a JSON state template is a record of at most 52
    // fields named by a bounded pattern, each a template of at most 200,000 characters; a regex
    // check's flags are some of i, m, s and u, each once; a JSON Schema check's schema is an
    // object of at most 64 KB and 64 levels, as a response format's. All checked in refines.
    const evalRefines =
      /^evals\.(create|update)\.spec\.(grader\.state\.template|checks\[\]\.(flags|schema))$/;
    const histories = [
      'chat.reply.messages[].',
      'chat.compare.messages[].',
      'chat.compare.keep.messages[].',
      'chat.code.messages[].',
    ];
    expect(
      found.filter(
        (p) =>
          !histories.some((h) => p.startsWith(h)) &&
          !paramRefines.test(p) &&
          !evalRefines.test(p) &&
          !p.endsWith('.extra') &&
          !p.endsWith('.variables') &&
          !p.endsWith('.tools[].function.parameters') &&
          !/^chat\.tools\.check(Schema|Arguments)\.schema$/.test(p) &&
          !/^judge\.cases\.(add|edit)\.expected$/.test(p) &&
          p !== 'judge.sets.tune.tuning.thresholds',
      ),
    ).toEqual([]);
  });

  it('names the field and the limit: a 10 MB judge segment, model or voice is refused', async () => {
    const t = testServices();
    const dispatch = createAppRouter(t.services, () => true);
    const top = { url: 'http://127.0.0.1/', isMainFrame: true };
    const huge = 'a'.repeat(10 * 1024 * 1024);
    const profile = { name: 'P', kind: 'openai-compatible', host: 'https://example.com' };
    expect(await dispatch('profiles.save', { ...profile, judgeSegment: huge }, top)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'judgeSegment: must be at most 100 characters' },
    });
    expect(
      await dispatch('profiles.save', { ...profile, host: `https://example.com/${huge}` }, top),
    ).toMatchObject({ ok: false, error: { message: 'host: must be at most 2,000 characters' } });
    // Another scheme: one sentence naming the field, the rule and the scheme given.
    for (const [host, scheme] of [
      ['file:///etc/passwd', 'file:'],
      ['ftp://gateway.example', 'ftp:'],
    ]) {
      expect(await dispatch('profiles.save', { ...profile, host }, top)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: `host: must be an http:// or https:// address (${scheme} is not one), e.g. https://gateway.example.com`,
        },
      });
    }
    expect(await dispatch('profiles.save', { ...profile, host: 'gateway' }, top)).toMatchObject({
      error: { message: 'host: must be an http:// or https:// address, e.g. https://gateway.example.com' },
    });
    const speech = { model: 'sandbox-tts-1', text: 'hi', voice: 'alloy', format: 'wav', speed: 1 };
    expect(await dispatch('media.speech.create', { ...speech, voice: huge }, top)).toMatchObject({
      ok: false,
      error: { message: 'voice: must be at most 100 characters' },
    });
    expect(await dispatch('media.speech.create', { ...speech, model: huge }, top)).toMatchObject({
      ok: false,
      error: { message: 'model: must be at most 200 characters' },
    });
    expect(await dispatch('video.tasks.create', { model: huge, prompt: 'waves' }, top)).toMatchObject({
      ok: false,
      error: { message: 'model: must be at most 200 characters' },
    });
    expect(await dispatch('video.tasks.remove', { id: huge }, top)).toMatchObject({
      ok: false,
      error: { message: 'id: must be at most 100 characters' },
    });
    expect(
      await dispatch(
        'media.embeddings.run',
        { model: 'm', inputs: ['ok', huge], encodingFormat: 'float' },
        top,
      ),
    ).toMatchObject({ ok: false, error: { message: 'inputs.1: must be at most 50,000 characters' } });
    await t.close();
  });

  it('refuses a chat history of 2,001 messages, or of more than 8,000,000 characters in all', async () => {
    const t = testServices();
    const router = createAppStreamRouter(t.services, () => true);
    const top = { url: 'http://127.0.0.1/', isMainFrame: true };
    const frame = recordingSubscriber().subscriber;
    const turns = (n: number, content: string) =>
      Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content }));
    const start = (id: string, messages: unknown[]) =>
      router.subscribe('chat.reply', id, { model: 'sandbox-chat-1', messages }, top, frame);
    expect(await start('stream-many', turns(2_001, 'hi'))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'messages: must hold at most 2,000 messages' },
    });
    // 41 messages of 1,000,000 characters: each within its own limit, 41 MB together.
    expect(await start('stream-huge', turns(41, 'x'.repeat(1_000_000)))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'messages: must be at most 8,000,000 characters in all' },
    });
    // View code of a chat takes the same history, under the same cap.
    const code = await createAppRouter(t.services, () => true)(
      'chat.code',
      { model: 'sandbox-chat-1', messages: turns(41, 'x'.repeat(1_000_000)) },
      top,
    );
    expect(code).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'messages: must be at most 8,000,000 characters in all' },
    });
    // Just under the total passes the check (and is then answered by the Sandbox).
    const under = turns(7, 'x'.repeat(Math.floor(HISTORY_CHARS_MAX / 8)));
    const accepted = await start('stream-under', under);
    expect(accepted.ok).toBe(true);
    await t.services.chat.settle();
    await t.close();
  });
});

describe('extra body fields', () => {
  it('are refused past their size with the rule named, though the walker above cannot see it', async () => {
    const t = testServices();
    const dispatch = createAppRouter(t.services, () => true);
    const top = { url: 'http://127.0.0.1/', isMainFrame: true };
    const extra = { note: 'x'.repeat(10 * 1024 * 1024) };
    const result = await dispatch(
      'media.images.generate',
      { prompt: 'a lighthouse', model: 'sandbox-image-1', extra },
      top,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining('extra: must be at most 32 KB as JSON'),
      },
    });
    await t.close();
  });
});
