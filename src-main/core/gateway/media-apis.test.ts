import { describe, expect, it } from 'vitest';
import { parseEmbeddings } from './embeddings-api';
import { GatewayError } from './gateway-error';
import { parseImages } from './images-api';

const b64 = (xs: number[]) => {
  const buf = Buffer.alloc(xs.length * 4);
  xs.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf.toString('base64');
};

describe('parseEmbeddings', () => {
  it('reads OpenAI data[] with float arrays and base64, in index order', () => {
    const r = parseEmbeddings({
      object: 'list',
      model: 'm',
      data: [
        { index: 1, embedding: b64([0, 1]) },
        { index: 0, embedding: [1, 0] },
      ],
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(r.vectors.map((v) => Array.from(v))).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(r.model).toBe('m');
    expect(r.usage?.total_tokens).toBe(3);
  });

  it('accepts embeddings[] and a single embedding', () => {
    expect(parseEmbeddings({ embeddings: [[1], [2]] }).vectors).toHaveLength(2);
    expect(Array.from(parseEmbeddings({ embedding: [0.5] }).vectors[0])).toEqual([0.5]);
  });

  it('rejects a body without vectors as bad_response', () => {
    expect(() => parseEmbeddings({ foo: 1 })).toThrow(GatewayError);
    expect(() => parseEmbeddings({ data: [{ embedding: 'abc' }] })).toThrow(/base64 float32/);
  });
});

describe('parseImages', () => {
  it('reads data[].url and data[].b64_json', () => {
    expect(
      parseImages({ data: [{ url: 'https://x/a.png', revised_prompt: 'r' }, { b64_json: 'AAAA' }] }),
    ).toEqual([
      { url: 'https://x/a.png', b64: undefined, revisedPrompt: 'r' },
      { url: undefined, b64: 'AAAA', revisedPrompt: undefined },
    ]);
  });

  it('accepts images[] of bare strings and image_url objects', () => {
    expect(parseImages({ images: ['https://x/1.png'] })[0].url).toBe('https://x/1.png');
    expect(parseImages({ data: [{ image_url: { url: 'https://x/2.png' } }] })[0].url).toBe('https://x/2.png');
  });

  it('rejects a reply without images', () => {
    expect(() => parseImages({ data: [] })).toThrow(/no image/);
    expect(() => parseImages({})).toThrow(/no data/);
  });
});
