import { describe, expect, it } from 'vitest';
import { setCode } from './judge-set-code';
import { endpointUrl, generateCode } from './view-code';

/** View code calls the addresses the app calls for the profile (profile-address.ts). */
describe('View code for a profile whose base URL is used as typed', () => {
  const gemini = {
    host: 'https://generativelanguage.googleapis.com/v1beta/openai',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    judgeSegment: 'partner',
  };

  it('appends the endpoint to the base URL, not /v1 after the host', () => {
    expect(endpointUrl({ ...gemini, kind: 'chat' })).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions',
    );
    const body = { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] };
    const node = generateCode({ ...gemini, kind: 'chat', body }, 'node');
    expect(node).toContain('baseURL: "https://generativelanguage.googleapis.com/v1beta/openai"');
    const python = generateCode({ ...gemini, kind: 'chat', body }, 'python');
    expect(python).toContain('base_url="https://generativelanguage.googleapis.com/v1beta/openai"');
  });

  it('calls the judgement endpoint the profile names', () => {
    const own = { ...gemini, judgeUrl: 'https://judge.example/partner/v1/systemone' };
    expect(endpointUrl({ ...own, kind: 'judge' })).toBe('https://judge.example/partner/v1/systemone');
    const code = setCode(
      { setName: 's', questions: [], tuning: undefined, model: 'judge-1.13.0', ...own },
      'curl',
    );
    expect(code).toContain("'https://judge.example/partner/v1/systemone'");
  });

  it('a profile saved with only its host keeps the spec addresses', () => {
    const old = { host: 'https://gw.example.com', judgeSegment: 'acme' };
    expect(endpointUrl({ ...old, kind: 'embeddings' })).toBe('https://gw.example.com/v1/embeddings');
    expect(endpointUrl({ ...old, kind: 'judge' })).toBe('https://gw.example.com/acme/v1/systemone');
  });
});
