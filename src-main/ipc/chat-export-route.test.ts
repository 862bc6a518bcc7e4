import { afterAll, describe, expect, it } from 'vitest';
import { routerCalls, testServices } from './services.test-helper';

const written: { name: string; text: string }[] = [];
const t = testServices({
  desktop: {
    saveTextAs: async (text, name) => (written.push({ name, text }), `/exports/${name}`),
    saveFileAs: async () => null,
    notify: () => undefined,
  },
});
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

describe('chat.conversations.export', () => {
  it('writes the file through the save dialog and says where it went, as the other exports do', async () => {
    const where = await call<string | null>('chat.conversations.export', { format: 'json' });
    expect(where).toBe(`/exports/${written.at(-1)?.name}`);
    expect(written.at(-1)?.name).toMatch(/\.json$/);
    expect(JSON.parse(written.at(-1)!.text)).toMatchObject({ conversations: [] });
    expect(await send('chat.conversations.export', { format: 'pdf' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
