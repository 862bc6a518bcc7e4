import { describe, expect, it } from 'vitest';
import { judgeEndpoint } from '../request/gateway-address';
import { apiBaseUrl, defaultJudgeUrl, endpointAt, profileAddresses } from './profile-address';

describe('profile addresses', () => {
  it.each([
    // The spec's host-only form gets /v1; any typed path is used as typed.
    ['https://gw.example.com', 'https://gw.example.com/v1/chat/completions'],
    ['https://gw.example.com/', 'https://gw.example.com/v1/chat/completions'],
    ['https://gw.example.com/v1', 'https://gw.example.com/v1/chat/completions'],
    ['https://gw.example.com/v1/', 'https://gw.example.com/v1/chat/completions'],
    [
      'https://generativelanguage.googleapis.com/v1beta/openai',
      'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions',
    ],
    ['https://ark.cn-beijing.volces.com/api/v3', 'https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
    ['https://open.bigmodel.cn/api/paas/v4/', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    ['https://proxy.corp/llm/openai/v1', 'https://proxy.corp/llm/openai/v1/chat/completions'],
    [
      'https://res.openai.azure.com/openai/deployments/gpt4o?api-version=2024-10-21',
      'https://res.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21',
    ],
  ])('%s calls chat at %s', (typed, chat) => {
    expect(endpointAt(apiBaseUrl(typed), 'chat/completions')).toBe(chat);
  });

  it('appends the profile query parameters after the base URL own query', () => {
    const base = apiBaseUrl('https://res.openai.azure.com/openai/deployments/d?api-version=2024-10-21');
    expect(endpointAt(base, '/embeddings', [{ name: 'trace', value: 'a b' }])).toBe(
      'https://res.openai.azure.com/openai/deployments/d/embeddings?api-version=2024-10-21&trace=a%20b',
    );
  });

  it('derives the judgement address on the same host, under a proxy prefix, without the trailing /v1', () => {
    expect(defaultJudgeUrl('https://gw.example.com/v1', 'partner')).toBe(
      'https://gw.example.com/partner/v1/systemone',
    );
    expect(defaultJudgeUrl('https://proxy.corp/team/v1?x=1', 'acme')).toBe(
      'https://proxy.corp/team/acme/v1/systemone',
    );
  });

  it('a profile saved with only its host keeps calling the addresses it called before', () => {
    for (const host of ['https://gw.example.com', 'https://proxy.corp/prefix', 'http://127.0.0.1:8787']) {
      const a = profileAddresses({ host, judgeSegment: 'partner' });
      expect(endpointAt(a.baseUrl, 'models')).toBe(`${host}/v1/models`);
      expect(a.judgeUrl).toBe(judgeEndpoint(host, 'partner'));
    }
  });

  it('an explicit judgement address wins over the derived one', () => {
    const a = profileAddresses({
      host: 'https://x.example',
      judgeSegment: 'partner',
      baseUrl: 'https://x.example/api/v3',
      judgeUrl: 'https://judge.example/systemone',
    });
    expect(a).toEqual({ baseUrl: 'https://x.example/api/v3', judgeUrl: 'https://judge.example/systemone' });
  });
});

describe('profile addresses while a base URL is still being typed', () => {
  it('answer without throwing', () => {
    expect(endpointAt('', 'chat/completions')).toBe('/chat/completions');
    expect(defaultJudgeUrl('/v1', 'partner')).toBe('/partner/v1/systemone');
    expect(endpointAt('https://h.example/base#frag', 'models')).toBe('https://h.example/base/models');
  });
});
