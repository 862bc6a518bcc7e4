import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBody } from '../test-support/json-body';
import { breakInstance, instanceOf, strictSchemaProblem } from './json-schema-instance';
import { seededRng } from './seed';
import { startSandbox, type SandboxServer } from './server';
import { assembleStream, post, readSse } from './test-helpers';

const order = z.object({
  id: z.uuid(),
  customer: z.object({ name: z.string(), email: z.email() }),
  placed: z.iso.datetime(),
  status: z.enum(['open', 'shipped', 'closed']),
  kind: z.literal('order'),
  items: z
    .array(
      z.object({ sku: z.string().min(12), quantity: z.int().min(1).max(9), price: z.number().positive() }),
    )
    .min(3),
  note: z.string().nullable(),
  tags: z.array(z.union([z.string(), z.number()])).max(1),
});
const orderSchema = z.toJSONSchema(order) as Record<string, unknown>;

describe('instances of a JSON schema', () => {
  it('conform to the schema they come from', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const value = instanceOf(orderSchema, seededRng(seed));
      expect(order.safeParse(value).error).toBeUndefined();
    }
    const value = instanceOf(orderSchema, seededRng('x')) as z.infer<typeof order>;
    expect(value.items).toHaveLength(3);
    expect(value.kind).toBe('order');
    expect(value.customer.name).toMatch(/Ada|Grace|Alan/);
  });

  it('are the same for the same seed', () => {
    expect(instanceOf(orderSchema, seededRng('s'))).toEqual(instanceOf(orderSchema, seededRng('s')));
  });

  it('follow local $refs and stop on recursive ones', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      required: ['root'],
      $defs: {
        node: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            child: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] },
          },
          required: ['label', 'child'],
        },
      },
    };
    const value = instanceOf(schema, seededRng('tree')) as { root: { label: string; child: unknown } };
    expect(typeof value.root.label).toBe('string');
    expect(JSON.stringify(value)).toContain('null');
  });

  it('are broken on purpose at the first required property', () => {
    const good = instanceOf(orderSchema, seededRng('b'));
    const broken = breakInstance(orderSchema, good);
    expect(broken.path).toBe('/id');
    expect(broken.expected).toBe('string');
    const issues = order.safeParse(broken.instance).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('/'))).toEqual(['id']);
    // Whatever the first required property allows (nullable, enum, a $ref), the value is wrong.
    const Tricky = z.object({
      maybe: z.string().nullable(),
      status: z.enum(['1', '2']),
      nested: z.object({ a: z.string() }),
    });
    for (const first of ['maybe', 'status', 'nested'] as const) {
      const schema = z.toJSONSchema(Tricky) as Record<string, unknown>;
      schema.required = [first];
      const wrong = breakInstance(schema, instanceOf(schema, seededRng(first)));
      expect(wrong.path).toBe(`/${first}`);
      expect(Tricky.safeParse(wrong.instance).error?.issues.map((i) => i.path.join('/'))).toEqual([first]);
    }
    const withRef = {
      type: 'object',
      properties: { when: { $ref: '#/$defs/stamp' } },
      required: ['when'],
      $defs: { stamp: { type: 'string' } },
    };
    expect(breakInstance(withRef, { when: 'x' })).toEqual({
      instance: { when: 12345 },
      path: '/when',
      expected: 'string',
    });
    // A root that is not an object is replaced whole.
    expect(breakInstance({ type: 'array', items: {} }, [])).toMatchObject({ path: '', expected: 'array' });
  });

  it("find what strict mode refuses, in the API's words", () => {
    expect(strictSchemaProblem(orderSchema)).toBeUndefined();
    const optional = z.toJSONSchema(order.extend({ discount: z.number().optional() }));
    expect(strictSchemaProblem(optional)).toMatch(/'required' is required .* Missing 'discount'/);
    expect(
      strictSchemaProblem({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }),
    ).toMatch(/In context=\(\), 'additionalProperties' is required to be supplied and to be false/);
    expect(
      strictSchemaProblem({
        type: 'object',
        additionalProperties: false,
        properties: { a: { type: 'object', properties: { b: {} }, additionalProperties: false } },
        required: ['a'],
      }),
    ).toMatch(/In context=\('properties', 'a'\), 'required' .* Missing 'b'/);
  });
});

describe('response_format over HTTP', () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandbox({ tokenDelayMs: 0 });
  });
  afterAll(() => server.close());
  const chat = (body: unknown) => post(server.baseUrl, '/chat/completions', body);
  const ask = (content: string, extra: Record<string, unknown>) => ({
    model: 'sandbox-chat-1',
    messages: [{ role: 'user', content }],
    ...extra,
  });
  const schemaFormat = (schema: unknown, strict = true) => ({
    response_format: { type: 'json_schema', json_schema: { name: 'order', schema, strict } },
  });
  async function expect400(body: unknown, param: string, message: RegExp) {
    const res = await chat(body);
    expect(res.status).toBe(400);
    const { error } = await jsonBody(res);
    expect(error.type).toBe('invalid_request_error');
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  }

  it('json_schema: the reply is an instance of the schema, the same streamed or not', async () => {
    const body = ask('Make up an order', schemaFormat(orderSchema));
    const plain = await jsonBody(await chat(body));
    expect(plain.choices[0].finish_reason).toBe('stop');
    const content: string = plain.choices[0].message.content;
    expect(order.safeParse(JSON.parse(content)).error).toBeUndefined();
    expect(plain.usage.completion_tokens).toBeGreaterThan(20);

    const streamed = assembleStream((await readSse(await chat({ ...body, stream: true }))).data);
    expect(streamed.content).toBe(content);
    // Many small pieces, as a model writes JSON.
    expect(streamed.chunks.length).toBeGreaterThan(20);
  });

  it('[sandbox:break-schema] returns an instance wrong at the path the header states', async () => {
    for (const stream of [false, true]) {
      const res = await chat(
        ask('Make up an order [sandbox:break-schema]', { ...schemaFormat(orderSchema), stream }),
      );
      expect(res.headers.get('x-sandbox-broken-path')).toBe('/id');
      const content = stream
        ? assembleStream((await readSse(res)).data).content
        : (await jsonBody(res)).choices[0].message.content;
      const issues = order.safeParse(JSON.parse(content)).error?.issues ?? [];
      expect(issues.map((i) => i.path.join('/'))).toEqual(['id']);
    }
  });

  it('json_object: a JSON object, and the word json is required in the messages', async () => {
    const plain = await jsonBody(
      await chat(ask('Answer in JSON please', { response_format: { type: 'json_object' } })),
    );
    const value = JSON.parse(plain.choices[0].message.content);
    expect(value).toMatchObject({ model: 'sandbox-chat-1', prompt: 'Answer in JSON please' });
    await expect400(
      ask('Answer as an object', { response_format: { type: 'json_object' } }),
      'messages',
      /must contain the word 'json'/,
    );
  });

  it('validates the format: type, name, schema, strict rules', async () => {
    await expect400(
      ask('x', { response_format: { type: 'xml' } }),
      'response_format.type',
      /must be one of text/,
    );
    await expect400(
      ask('x', { response_format: { type: 'json_schema', json_schema: { schema: {} } } }),
      'response_format.json_schema.name',
      /is required/,
    );
    await expect400(
      ask('x', { response_format: { type: 'json_schema', json_schema: { name: 'bad name!', schema: {} } } }),
      'response_format.json_schema.name',
      /must be 1 to 64 letters/,
    );
    await expect400(
      ask('x', schemaFormat('not a schema')),
      'response_format.json_schema.schema',
      /^response_format\.json_schema\.schema must be a JSON Schema object/,
    );
    await expect400(
      ask('x', schemaFormat([1, 2])),
      'response_format.json_schema.schema',
      /must be a JSON Schema object/,
    );
    await expect400(
      ask('x', schemaFormat({ type: 'object', properties: { a: { type: 'string' } } })),
      'response_format.json_schema.schema',
      /Invalid schema for response_format 'order': In context=\(\), 'additionalProperties'/,
    );
    // Without strict the same schema is fine.
    const loose = await chat(
      ask('x', schemaFormat({ type: 'object', properties: { a: { type: 'string' } } }, false)),
    );
    expect(loose.status).toBe(200);
  });

  it('stop and max_tokens end a JSON reply too', async () => {
    const body = await jsonBody(
      await chat(ask('Make up an order', { ...schemaFormat(orderSchema), max_tokens: 5 })),
    );
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(5);
  });
});
