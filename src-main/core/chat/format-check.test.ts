import { describe, expect, it } from 'vitest';
import { checkReply, schemaProblems, schemaTextProblems } from './format-check';
import type { ResponseFormat } from '../../../src-shared/chat/response-format';

const person = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'age'],
  additionalProperties: false,
};
const schemaFormat = (
  schema: Record<string, unknown> = person,
): Exclude<ResponseFormat, { type: 'text' }> => ({
  type: 'json_schema',
  json_schema: { name: 'person', schema, strict: true },
});

describe('a schema checked against JSON Schema', () => {
  it('accepts a good schema, and keywords Ajv does not know', () => {
    expect(schemaProblems(person)).toEqual([]);
    expect(schemaProblems({ ...person, 'x-vendor-hint': 1, propertyOrdering: ['name'] })).toEqual([]);
  });

  it('names the path of each problem, once per path, with the values allowed', () => {
    expect(schemaProblems({ type: 'object', properties: { a: { type: 'strng' } } })).toEqual([
      {
        path: '/properties/a/type',
        message:
          'must be equal to one of the allowed values: "array", "boolean", "integer", "null", "number", "object", "string"',
      },
    ]);
    expect(schemaProblems({ type: 'object', required: 'name' })).toEqual([
      { path: '/required', message: 'must be array' },
    ]);
  });

  it('says what is wrong with text that is not JSON or not an object', () => {
    expect(schemaTextProblems('{"type": ')[0]).toMatchObject({ path: '' });
    expect(schemaTextProblems('{"type": ')[0].message).toMatch(/^is not JSON: /);
    expect(schemaTextProblems('[1]')).toEqual([{ path: '', message: 'must be a JSON object' }]);
  });

  it('refuses a reference to an address (never fetched) and a schema too large or too deep', () => {
    expect(schemaProblems({ $ref: 'https://example.com/s.json' })[0].message).toMatch(
      /can't resolve reference/,
    );
    const huge = { type: 'object', description: 'x'.repeat(70 * 1024) };
    expect(schemaProblems(huge)).toEqual([{ path: '', message: 'must be at most 64 KB as JSON' }]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'array', items: deep };
    expect(schemaProblems(deep)).toEqual([{ path: '', message: 'must nest at most 64 levels deep' }]);
  });

  it('compiles the same schema twice, and two schemas with the same $id', () => {
    const a = { $id: 'https://example.com/same.json', type: 'string' };
    const b = { $id: 'https://example.com/same.json', type: 'number' };
    expect(checkReply('"x"', schemaFormat(a)).outcome).toBe('valid');
    expect(checkReply('"x"', schemaFormat(b)).outcome).toBe('invalid');
    expect(checkReply('"x"', schemaFormat(a)).outcome).toBe('valid');
  });
});

describe('a reply checked against its format', () => {
  it('is valid when it follows the schema', () => {
    expect(checkReply('{"name": "Ada", "age": 36, "tags": ["math"]}', schemaFormat())).toEqual({
      format: 'json_schema',
      name: 'person',
      outcome: 'valid',
    });
  });

  it('lists each violation at its JSON path', () => {
    const check = checkReply('{"age": -1, "tags": ["a", 2], "extra": true}', schemaFormat());
    expect(check.outcome).toBe('invalid');
    expect(check.violations).toEqual(
      expect.arrayContaining([
        { path: '/name', message: 'is required' },
        { path: '/extra', message: 'is not allowed by the schema' },
        { path: '/age', message: 'must be >= 0' },
        { path: '/tags/1', message: 'must be string' },
      ]),
    );
    expect(check.violations).toHaveLength(4);
  });

  it('says when the reply is not JSON at all', () => {
    const check = checkReply('Sure! Here is the JSON: {"name": "Ada"}', schemaFormat());
    expect(check).toMatchObject({ format: 'json_schema', outcome: 'not-json' });
    expect(check.detail).toMatch(/JSON/);
    expect(checkReply('', { type: 'json_object' }).outcome).toBe('not-json');
  });

  it('asks a JSON object format only for an object', () => {
    expect(checkReply('{"a": 1}', { type: 'json_object' })).toEqual({
      format: 'json_object',
      outcome: 'valid',
    });
    expect(checkReply('[1, 2]', { type: 'json_object' })).toEqual({
      format: 'json_object',
      outcome: 'invalid',
      violations: [{ path: '', message: 'must be a JSON object' }],
    });
  });

  it('keeps at most 50 violations and counts the rest', () => {
    const schema = { type: 'array', items: { type: 'string' } };
    const check = checkReply(JSON.stringify(Array.from({ length: 80 }, (_, i) => i)), schemaFormat(schema));
    expect(check.violations).toHaveLength(50);
    expect(check.more).toBe(30);
  });

  it('reports a schema that cannot be compiled instead of throwing', () => {
    const check = checkReply('{}', schemaFormat({ $ref: '#/$defs/missing' }));
    expect(check.outcome).toBe('schema-error');
    expect(check.detail).toMatch(/can't resolve reference/);
  });
});
