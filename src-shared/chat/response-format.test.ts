import { describe, expect, it } from 'vitest';
import { streamedChatBody } from '../request/chat-body';
import { extraProblems } from '../request/extra-body';
import { chatParamsSchema } from './conversation';
import { liftFormFields } from './params-from-extra';
import { jsonDepth, MAX_SCHEMA_CHARS } from './response-format';

const problems = (params: unknown) =>
  chatParamsSchema.safeParse(params).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const schemaFormat = (json_schema: Record<string, unknown>) => ({
  response_format: { type: 'json_schema', json_schema },
});

describe('response_format as a chat request field', () => {
  it('takes text, a JSON object, and a JSON schema with its name and strict', () => {
    expect(problems({ response_format: { type: 'text' } })).toEqual([]);
    expect(problems({ response_format: { type: 'json_object' } })).toEqual([]);
    expect(problems(schemaFormat({ name: 'a-B_9', schema: { type: 'object' }, strict: true }))).toEqual([]);
  });

  it('names the rule broken: the type, the name, the schema, strict', () => {
    expect(problems({ response_format: { type: 'yaml' } })).toEqual([
      'response_format.type: must be {"type": "text"}, {"type": "json_object"} or {"type": "json_schema", …}',
    ]);
    expect(problems(schemaFormat({ name: 'has space', schema: {} }))).toEqual([
      'response_format.json_schema.name: must be 1 to 64 letters, digits, _ or -',
    ]);
    expect(problems(schemaFormat({ name: 'x'.repeat(65), schema: {} }))).toEqual([
      'response_format.json_schema.name: must be 1 to 64 letters, digits, _ or -',
    ]);
    expect(problems(schemaFormat({ name: 'n', schema: [] }))).toEqual([
      'response_format.json_schema.schema: must be a JSON object',
    ]);
    expect(problems(schemaFormat({ name: 'n', schema: {}, strict: 'yes' }))).toEqual([
      'response_format.json_schema.strict: must be true or false',
    ]);
  });

  it('refuses a schema over 64 KB or nested too deep before anything compiles it', () => {
    const big = { type: 'string', description: 'x'.repeat(MAX_SCHEMA_CHARS) };
    expect(problems(schemaFormat({ name: 'n', schema: big }))).toEqual([
      'response_format.json_schema.schema: must be at most 64 KB as JSON',
    ]);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 70; i++) deep = { items: deep };
    expect(jsonDepth(deep)).toBeGreaterThan(64);
    expect(problems(schemaFormat({ name: 'n', schema: deep }))).toEqual([
      'response_format.json_schema.schema: must nest at most 64 levels deep',
    ]);
  });

  it('goes in the body as set, and extras may not set it', () => {
    const format = { type: 'json_object' } as const;
    expect(streamedChatBody({ model: 'm', messages: [], response_format: format })).toMatchObject({
      response_format: format,
    });
    expect(streamedChatBody({ model: 'm', messages: [] })).not.toHaveProperty('response_format');
    expect(extraProblems({ response_format: format }, 'chat')).toEqual([
      { rule: 'reserved', key: 'response_format' },
    ]);
  });

  it('moves from a saved extra into the params when the form’s rule accepts it', () => {
    expect(liftFormFields({}, { response_format: { type: 'json_object' }, thinking: 1 })).toEqual({
      params: { response_format: { type: 'json_object' } },
      extra: { thinking: 1 },
      moved: ['response_format'],
    });
    const refused = { response_format: { type: 'xml' } };
    expect(liftFormFields({}, refused)).toEqual({ params: {}, extra: refused, moved: [] });
  });
});
