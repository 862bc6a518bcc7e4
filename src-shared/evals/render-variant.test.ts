import { describe, expect, it } from 'vitest';
import { evalSpecSchema } from './eval-definition';
import { evalRequestBody, renderVariant } from './render-variant';
import { sampleSpecInput } from './eval-spec.test-helper';

const spec = evalSpecSchema.parse(sampleSpecInput());
const [terse, warm] = spec.variants;
const row = { variables: { customer: 'Ada', issue: 'my parcel is late' }, expected: 'refund' };

describe('a prompt variant for a dataset row', () => {
  it('becomes the system and user messages, every placeholder filled', () => {
    expect(renderVariant(warm, row)).toEqual({
      ok: true,
      messages: [
        { role: 'system', content: 'You are a kind support agent.' },
        { role: 'user', content: 'Customer Ada says: my parcel is late. Reply warmly.' },
      ],
    });
  });

  it('leaves out an empty system prompt and fills an empty value as empty', () => {
    expect(renderVariant({ ...terse, system: '' }, { variables: { customer: '', issue: 'x' } })).toEqual({
      ok: true,
      messages: [{ role: 'user', content: ' writes: x' }],
    });
  });

  it('names every missing variable, once and in order, instead of sending', () => {
    expect(
      renderVariant({ ...warm, system: 'About {{issue}} for {{customer}}' }, { variables: { other: 'x' } }),
    ).toEqual({
      ok: false,
      missing: ['issue', 'customer'],
    });
  });

  it('fills in one pass: a value holding a placeholder is sent as written', () => {
    const r = renderVariant(terse, { variables: { customer: '{{issue}}', issue: '$& {{customer}}' } });
    expect(r.ok && r.messages[1]).toEqual({ role: 'user', content: '{{issue}} writes: $& {{customer}}' });
  });

  it('sends Chat’s own body: the variant’s parameters, the target’s model, streamed with usage', () => {
    const r = renderVariant(warm, row);
    if (!r.ok) throw new Error('rendered');
    expect(evalRequestBody(warm, spec.targets[1], r.messages)).toEqual({
      model: 'sandbox-chat-text',
      messages: r.messages,
      temperature: 0.7,
      seed: 3,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});
