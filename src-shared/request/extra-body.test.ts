import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeExtraProblem,
  EXTRA_LIMITS,
  ExtraBodyError,
  extraText,
  mergeExtraBody,
  parseExtraText,
} from './extra-body';
import { extraBodySchema } from './extra-body-schema';

describe('parseExtraText', () => {
  it('reads blank text and an empty object as no extras', () => {
    expect(parseExtraText('  \n', 'chat')).toEqual({ ok: true, value: undefined });
    expect(parseExtraText('{}', 'chat')).toEqual({ ok: true, value: undefined });
  });

  it('reads a JSON object with nested values', () => {
    const r = parseExtraText('{"top_k": 42, "thinking": {"type": "enabled"}}', 'chat');
    expect(r).toEqual({ ok: true, value: { top_k: 42, thinking: { type: 'enabled' } } });
  });

  it('says invalid JSON is not JSON, with the parser’s detail', () => {
    const r = parseExtraText('{"seed": 42,', 'chat');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.rule).toBe('json');
    expect(describeExtraProblem(r.problem)).toMatch(/^is not valid JSON: ./);
  });

  it.each([
    ['[1, 2]', 'an array'],
    ['null', 'null'],
    ['"seed"', 'string'],
    ['42', 'number'],
  ])('refuses %s: it must be an object, not %s', (text, got) => {
    const r = parseExtraText(text, 'images');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(describeExtraProblem(r.problem)).toBe(`must be a JSON object such as {"seed": 42}, not ${got}`);
  });

  it('refuses a key the form owns, per endpoint', () => {
    expect(parseExtraText('{"messages": []}', 'chat')).toEqual({
      ok: false,
      problem: { rule: 'reserved', key: 'messages' },
    });
    expect(parseExtraText('{"duration": 5}', 'video')).toMatchObject({ ok: false });
    expect(parseExtraText('{"stream": true}', 'judge')).toMatchObject({ ok: false });
    // response_format is each form's own: the images form's, and the chat form's (structured outputs).
    expect(parseExtraText('{"response_format": {"type": "json_object"}}', 'images')).toMatchObject({
      ok: false,
    });
    expect(parseExtraText('{"response_format": {"type": "json_object"}}', 'chat')).toEqual({
      ok: false,
      problem: { rule: 'reserved', key: 'response_format' },
    });
  });

  it('refuses odd key names, prototype names included', () => {
    for (const key of ['', '1abc', 'a b', '__proto__', 'constructor', 'x'.repeat(65)]) {
      const r = parseExtraText(JSON.stringify({ [key]: 1 }), 'speech');
      expect(r, key).toEqual({ ok: false, problem: { rule: 'key-name', key } });
    }
    expect(parseExtraText('{"callback_url": "https://x", "extra.v-2": 1}', 'video')).toMatchObject({
      ok: true,
    });
  });

  it('bounds the number of keys and the size', () => {
    const many = Object.fromEntries(Array.from({ length: EXTRA_LIMITS.maxKeys + 1 }, (_, i) => [`k${i}`, i]));
    expect(parseExtraText(JSON.stringify(many), 'chat')).toMatchObject({
      ok: false,
      problem: { rule: 'too-many-keys', count: 51 },
    });
    const big = { blob: 'é'.repeat(EXTRA_LIMITS.maxBytes / 2) }; // 2 bytes each in UTF-8: over the limit
    expect(parseExtraText(JSON.stringify(big), 'chat')).toMatchObject({
      ok: false,
      problem: { rule: 'too-large' },
    });
    const fits = { blob: 'e'.repeat(EXTRA_LIMITS.maxBytes - 20) };
    expect(parseExtraText(JSON.stringify(fits), 'chat').ok).toBe(true);
  });

  it('gives saved extras back as editor text, and none as empty', () => {
    expect(extraText({ seed: 1 })).toBe('{\n  "seed": 1\n}');
    expect(extraText(undefined)).toBe('');
    expect(extraText({})).toBe('');
  });
});

describe('mergeExtraBody', () => {
  it('adds the extras after the form’s fields', () => {
    const body = mergeExtraBody('images', { model: 'm', prompt: 'p' }, { seed: 7, watermark: false });
    expect(body).toEqual({ model: 'm', prompt: 'p', seed: 7, watermark: false });
    expect(Object.keys(body)).toEqual(['model', 'prompt', 'seed', 'watermark']);
  });

  it('returns the body itself without extras', () => {
    const body = { model: 'm' };
    expect(mergeExtraBody('chat', body, undefined)).toBe(body);
  });

  it('refuses a reserved key instead of overriding the form', () => {
    expect(() => mergeExtraBody('chat', { model: 'm', messages: [] }, { model: 'other' })).toThrow(
      new ExtraBodyError({ rule: 'reserved', key: 'model' }),
    );
    expect(() => mergeExtraBody('chat', { model: 'm' }, { model: 'x' })).toThrow(
      'extra.model: is set by the form — change it there',
    );
  });

  it('refuses a key the body has even when no list names it', () => {
    expect(() => mergeExtraBody('judge', { model: 'm', unusual: 1 }, { unusual: 2 })).toThrow(
      'extra.unusual: is set by the form',
    );
  });
});

describe('extraBodySchema', () => {
  const input = z.object({ extra: extraBodySchema('chat').optional() });
  const messages = (v: unknown) => {
    const r = input.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts JSON objects and no extras', () => {
    expect(input.parse({ extra: { top_k: 1, thinking: { type: 'enabled' } } })).toEqual({
      extra: { top_k: 1, thinking: { type: 'enabled' } },
    });
    expect(input.parse({})).toEqual({});
  });

  it('names the field and the rule for a reserved key', () => {
    expect(messages({ extra: { messages: [], seed: 1, top_k: 1 } })).toEqual([
      'extra.messages: is set by the form — change it there',
      'extra.seed: is set by the form — change it there',
    ]);
  });

  it('refuses arrays, null and values that are not JSON', () => {
    expect(messages({ extra: [1] })[0]).toMatch(/^extra: must be a JSON object/);
    expect(messages({ extra: null })[0]).toMatch(/^extra: must be a JSON object/);
    expect(messages({ extra: { when: new Date(0) } })).not.toEqual([]);
  });

  it('applies the size bound', () => {
    expect(messages({ extra: { blob: 'x'.repeat(EXTRA_LIMITS.maxBytes) } })).toEqual([
      'extra: must be at most 32 KB as JSON (it is 33 KB)',
    ]);
  });
});
