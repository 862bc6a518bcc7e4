import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../ipc/app-router';
import { testServices } from '../../ipc/services.test-helper';
import { checkToolArguments, toolSchemaProblems } from './tool-schema-check';

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } },
  required: ['city'],
  additionalProperties: false,
};

describe('a tool’s parameters against the JSON Schema meta-schema', () => {
  it('accepts a schema, of draft-07 or the draft it names', () => {
    expect(toolSchemaProblems(weather)).toEqual([]);
    expect(
      toolSchemaProblems({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...weather }),
    ).toEqual([]);
    expect(
      toolSchemaProblems({ type: 'object', properties: { when: { type: 'string', format: 'date' } } }),
    ).toEqual([]);
  });

  it('names the path of what is wrong', () => {
    expect(toolSchemaProblems({ type: 'object', properties: { city: { type: 'strin' } } })[0]).toEqual({
      path: '/properties/city/type',
      message: expect.stringMatching(/^must be equal to one of the allowed values/),
    });
    expect(toolSchemaProblems({ type: 'object', required: 'city' })).toEqual([
      { path: '/required', message: 'must be array' },
    ]);
  });

  it('reports a schema that passes the meta-schema but cannot be used, and a non-object', () => {
    expect(toolSchemaProblems({ type: 'object', properties: { a: { $ref: '#/nowhere' } } })).toEqual([
      { path: '', message: expect.stringContaining('#/nowhere') },
    ]);
    expect(toolSchemaProblems([1])).toEqual([{ path: '', message: 'must be a JSON object' }]);
  });

  it('lets two schemas with the same $id be checked one after the other', () => {
    const withId = { $id: 'https://example.com/s', ...weather };
    expect(toolSchemaProblems(withId)).toEqual([]);
    expect(toolSchemaProblems(withId)).toEqual([]);
  });
});

describe('a call’s arguments against its function’s parameters', () => {
  it('says ok for arguments that match', () => {
    expect(checkToolArguments(weather, '{"city":"Paris","unit":"c"}')).toEqual({ status: 'ok' });
  });

  it('lists each violation at its path', () => {
    expect(checkToolArguments(weather, '{"unit":"k","wind":true}')).toEqual({
      status: 'violations',
      problems: [
        { path: '', message: "must have required property 'city'" },
        { path: '', message: 'must NOT have additional properties: wind' },
        { path: '/unit', message: 'must be equal to one of the allowed values: ["c","f"]' },
      ],
    });
  });

  it('gives malformed arguments a note, never an exception', () => {
    expect(checkToolArguments(weather, '{"city": "Par')).toEqual({
      status: 'malformed',
      note: expect.stringMatching(/^The arguments are not valid JSON/),
    });
    expect(checkToolArguments(weather, '42')).toEqual({
      status: 'malformed',
      note: 'The arguments must be a JSON object; the model sent a number.',
    });
  });

  it('says the schema is unusable rather than checking against it', () => {
    expect(checkToolArguments({ $ref: '#/missing' }, '{}')).toMatchObject({ status: 'bad-schema' });
  });
});

describe('the chat.tools routes', () => {
  it('check a schema and arguments for the window, and refuse a schema over 64 KB', async () => {
    const t = testServices();
    try {
      const dispatch = createAppRouter(t.services, () => true);
      const top = { url: 'http://127.0.0.1/', isMainFrame: true };
      expect(
        await dispatch('chat.tools.checkSchema', { schema: { type: 'object', required: 'x' } }, top),
      ).toEqual({
        ok: true,
        data: [{ path: '/required', message: 'must be array' }],
      });
      expect(
        await dispatch('chat.tools.checkArguments', { schema: weather, arguments: '{"city":1}' }, top),
      ).toEqual({
        ok: true,
        data: { status: 'violations', problems: [{ path: '/city', message: 'must be string' }] },
      });
      const huge = { description: 'x'.repeat(70_000) };
      expect(await dispatch('chat.tools.checkSchema', { schema: huge }, top)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('must be at most 64 KB as JSON') },
      });
    } finally {
      await t.close();
    }
  });
});
