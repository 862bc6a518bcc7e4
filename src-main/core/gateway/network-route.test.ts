import { describe, expect, it } from 'vitest';
import { tlsProblem } from './network-failure';
import { envProxyFor, isLoopbackHost, proxyFromPac } from './network-route';

describe('envProxyFor: the proxy the environment names, as curl reads it', () => {
  it('takes HTTPS_PROXY for https and HTTP_PROXY for http, lower case first, then ALL_PROXY', () => {
    const env = {
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      HTTP_PROXY: 'http://plain:3',
    };
    expect(envProxyFor(env, 'https://api.example.com/v1')).toBe('http://lower:2');
    expect(envProxyFor(env, 'http://api.example.com/v1')).toBe('http://plain:3');
    expect(envProxyFor({ ALL_PROXY: 'socks5://s:1080' }, 'https://api.example.com')).toBe('socks5://s:1080');
    expect(envProxyFor({}, 'https://api.example.com')).toBeUndefined();
  });

  it('reads a proxy without a scheme as http://', () => {
    expect(envProxyFor({ HTTPS_PROXY: 'proxy.corp:3128' }, 'https://a.example')).toBe(
      'http://proxy.corp:3128',
    );
  });

  it('sends NO_PROXY hosts, their subdomains, * and this machine direct', () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'internal.corp, .example.org,api.x:8443' };
    expect(envProxyFor(env, 'https://internal.corp/v1')).toBeUndefined();
    expect(envProxyFor(env, 'https://gw.internal.corp/v1')).toBeUndefined();
    expect(envProxyFor(env, 'https://a.example.org/v1')).toBeUndefined();
    expect(envProxyFor(env, 'https://api.x:8443/v1')).toBeUndefined();
    expect(envProxyFor(env, 'https://api.x/v1')).toBe('http://p:1');
    expect(envProxyFor(env, 'https://notinternal.corp.evil/v1')).toBe('http://p:1');
    expect(envProxyFor({ ...env, no_proxy: '*' }, 'https://anything.example')).toBeUndefined();
    expect(envProxyFor(env, 'http://127.0.0.1:5000/v1')).toBeUndefined();
    expect(envProxyFor(env, 'http://localhost:5000/v1')).toBeUndefined();
    expect(envProxyFor(env, 'http://[::1]:5000/v1')).toBeUndefined();
  });

  it('knows this machine’s own names', () => {
    expect(['localhost', 'a.localhost', '127.0.0.1', '127.9.9.9', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['10.0.0.1', 'example.com', 'localhost.example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('proxyFromPac: Chromium resolveProxy results', () => {
  it.each([
    ['DIRECT', undefined],
    ['PROXY proxy.corp:8080; DIRECT', 'http://proxy.corp:8080'],
    ['HTTPS secure.corp:443', 'https://secure.corp:443'],
    ['SOCKS5 s.corp:1080', 'socks5://s.corp:1080'],
    ['SOCKS s.corp:1080; DIRECT', 'socks5://s.corp:1080'],
    ['QUIC q:443; PROXY p:3128', 'http://p:3128'],
    ['', undefined],
  ])('%j → %s', (pac, proxy) => {
    expect(proxyFromPac(pac)).toBe(proxy);
  });
});

describe('tlsProblem: certificate failures from Node and from Chromium', () => {
  const nodeError = (code: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
  it.each([
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'untrusted'],
    ['CERT_HAS_EXPIRED', 'expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'name'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'other'],
  ])('Node %s is %s', (code, problem) => {
    expect(tlsProblem(nodeError(code))).toBe(problem);
  });

  it.each([
    ['net::ERR_CERT_AUTHORITY_INVALID', 'untrusted'],
    ['net::ERR_CERT_DATE_INVALID', 'expired'],
    ['net::ERR_CERT_COMMON_NAME_INVALID', 'name'],
    ['net::ERR_CERT_REVOKED', 'other'],
  ])('Electron %s is %s', (message, problem) => {
    expect(tlsProblem(new Error(message))).toBe(problem);
  });

  it('is nothing for other failures', () => {
    expect(tlsProblem(nodeError('ECONNREFUSED'))).toBeUndefined();
    expect(tlsProblem(new Error('net::ERR_NAME_NOT_RESOLVED'))).toBeUndefined();
  });
});
