import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import type { ChatMessage } from './chat-schema';
import { seededRng } from './seed';
import { startSandbox, type SandboxServer } from './server';
import { buildSupportReply, planSupportReply } from './support-reply';
import { instructionsIn, supportTaskOf, type SupportTask } from './support-task';
import { joinDeltas, post, readSse } from './test-helpers';

const system = (content: string): ChatMessage => ({ role: 'system', content });
const user = (content: string): ChatMessage => ({ role: 'user', content });

describe('which chat requests are support tasks', () => {
  it('reads a "Customer:" line, up to a blank line or another labelled line', () => {
    const task = supportTaskOf([
      user(
        'Reply to this.\nCustomer message: My blender broke.\nIt smokes.\nProduct: blender\nOrder: #55120',
      ),
    ]);
    expect(task).toMatchObject({
      customerMessage: 'My blender broke.\nIt smokes.',
      product: 'blender',
      orderId: '55120',
    });
    expect(supportTaskOf([user('Customer: Where is my parcel?\n\nName: Ana')])).toMatchObject({
      customerMessage: 'Where is my parcel?',
      customerName: 'Ana',
    });
  });

  it('takes the whole user message when a system message speaks of customers', () => {
    const task = supportTaskOf([
      system('You answer customers of a shop.'),
      user('My order #48213 has not arrived.'),
    ]);
    expect(task).toMatchObject({ customerMessage: 'My order #48213 has not arrived.', orderId: '48213' });
  });

  it('is no support task otherwise, so other prompts keep the usual Sandbox reply', () => {
    expect(supportTaskOf([user('Tell me about caching.')])).toBeUndefined();
    expect(supportTaskOf([system('You are a helpful assistant.'), user('Write a haiku.')])).toBeUndefined();
    expect(supportTaskOf([user('Customer:   ')])).toBeUndefined();
  });

  it('reads instructions from the prompt, never from the customer’s own words or labelled data', () => {
    const task = supportTaskOf([
      system('You are a support agent. Be brief.'),
      user('Order number: 51234\nCustomer message: I want a refund and an apology, fix it!'),
    ]);
    expect(task?.instructions).toEqual({ brief: 1 });
  });
});

describe('the instruction vocabulary', () => {
  it('matches loosely and turns an instruction round after a negation', () => {
    expect(
      instructionsIn(
        'Apologize, keep it short, ask for the order number, offer a refund, give steps and resolve it.',
      ),
    ).toEqual({ apologise: 1, brief: 1, ask: 1, refund: 1, steps: 1, resolve: 1 });
    expect(instructionsIn('Do not apologise. Never offer a refund. Thank them.')).toEqual({
      apologise: -1,
      refund: -1,
      thank: 1,
    });
    expect(instructionsIn("Answer the customer's question.")).toEqual({});
  });
});

const task = (instructions: SupportTask['instructions']): SupportTask => ({
  customerMessage: 'I was charged twice for my subscription.',
  customerName: 'Mei',
  orderId: '61001',
  instructions,
});
/** How often, over 400 seeded requests, the plan holds a part. */
const rate = (t: SupportTask, model: string, part: keyof ReturnType<typeof planSupportReply>['parts']) => {
  let n = 0;
  for (let i = 0; i < 400; i++) if (planSupportReply(t, model, seededRng('rate', i)).parts[part]) n++;
  return n / 400;
};

describe('support replies', () => {
  it('follow an instruction most of the time on sandbox-chat-1, less on sandbox-chat-mini', () => {
    const asked = task({ refund: 1 });
    expect(rate(asked, 'sandbox-chat-1', 'refund')).toBeGreaterThan(0.85);
    expect(rate(asked, 'sandbox-chat-mini', 'refund')).toBeGreaterThan(0.5);
    expect(rate(asked, 'sandbox-chat-mini', 'refund')).toBeLessThan(0.7);
    expect(rate(task({}), 'sandbox-chat-1', 'refund')).toBeLessThan(0.1);
    // Forbidden: less often than unasked.
    expect(rate(task({ apologise: -1 }), 'sandbox-chat-1', 'apologise')).toBeLessThan(
      rate(task({}), 'sandbox-chat-1', 'apologise') / 3,
    );
  });

  it('are built from the request: topic, name, order, and the parts planned', () => {
    const t = task({ apologise: 1, resolve: 1, steps: 1, ask: 1, refund: 1 });
    for (let i = 0; i < 20; i++) {
      const { text, plan } = buildSupportReply(t, 'sandbox-chat-1', seededRng('build', i));
      expect(text).toMatch(
        /^\*\*Sandbox support reply\*\* from `sandbox-chat-1` \(canned phrases, not a model\):/,
      );
      expect(plan.topic).toBe('billing');
      expect(text.includes('Hello Mei.')).toBe(!plan.parts.brief);
      expect(/sorry|apolog/i.test(text)).toBe(plan.parts.apologise);
      expect(text.includes('reversed it')).toBe(plan.parts.resolve);
      expect(/^1\. Open "Billing"/m.test(text)).toBe(plan.parts.steps);
      expect(/\brefund\b/.test(text)).toBe(plan.parts.refund);
      expect(text.includes('last four digits of the card')).toBe(plan.parts.ask);
    }
    const noOrder = { ...task({ ask: 1 }), orderId: undefined, customerMessage: 'Hello?' };
    const asks = [...Array(10).keys()]
      .map((i) => buildSupportReply(noOrder, 'sandbox-chat-1', seededRng('ask', i)))
      .filter((r) => r.plan.parts.ask);
    expect(asks.length).toBeGreaterThan(0);
    for (const r of asks) expect(r.text).toContain('Could you send me your order number?');
  });

  it('are shorter on sandbox-chat-mini and when the prompt asks for brevity', () => {
    const avg = (t: SupportTask, model: string) => {
      let chars = 0;
      for (let i = 0; i < 200; i++) chars += buildSupportReply(t, model, seededRng('len', i)).text.length;
      return chars / 200;
    };
    expect(avg(task({}), 'sandbox-chat-mini')).toBeLessThan(0.8 * avg(task({}), 'sandbox-chat-1'));
    expect(avg(task({ brief: 1 }), 'sandbox-chat-1')).toBeLessThan(0.8 * avg(task({}), 'sandbox-chat-1'));
  });
});

describe('support replies over HTTP', () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandbox({ tokenDelayMs: 1 });
  });
  afterAll(() => server.close());

  it('are the same text streamed and plain, and other prompts keep the usual reply', async () => {
    const messages = [
      system('You are a customer support agent. Apologise and give steps.'),
      user('Customer message: The kettle I bought stopped working.\nProduct: kettle'),
    ];
    const res = await post(server.baseUrl, '/chat/completions', { model: 'sandbox-chat-1', messages });
    const plain = (await jsonBody(res)) as { choices: { message: { content: string } }[] };
    const content = plain.choices[0].message.content;
    expect(content).toMatch(/^\*\*Sandbox support reply\*\* from `sandbox-chat-1`/);
    expect(content).toContain('kettle');
    const sse = await readSse(
      await post(server.baseUrl, '/chat/completions', { model: 'sandbox-chat-1', messages, stream: true }),
    );
    expect(joinDeltas(sse.data)).toBe(content);

    const other = await post(server.baseUrl, '/chat/completions', {
      model: 'sandbox-chat-1',
      messages: [system('Be brief.'), user('Tell me about caching.')],
    });
    const otherBody = (await jsonBody(other)) as { choices: { message: { content: string } }[] };
    expect(otherBody.choices[0].message.content).toMatch(
      /^\*\*Sandbox reply\*\* from `sandbox-chat-1`\. You wrote:/,
    );
  });
});
