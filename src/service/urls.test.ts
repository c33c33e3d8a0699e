import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.js';
import { type RequestOrigin, siteUrl } from './urls.js';

const config = (env: Record<string, string> = {}) => parseConfig({ CALLSCOPE_DATA_DIR: '/tmp/x', ...env });
const request = (over: Partial<RequestOrigin> = {}): RequestOrigin => ({
  protocol: 'http',
  host: 'evil.example',
  localAddress: '10.0.0.5',
  localPort: 8080,
  ...over,
});

describe('siteUrl', () => {
  it('is CALLSCOPE_SITE_URL when set', () => {
    expect(siteUrl(config({ CALLSCOPE_SITE_URL: 'https://cs.example.com/' }), request())).toBe(
      'https://cs.example.com',
    );
  });

  it('names the address and port the connection reached, never an unlisted Host', () => {
    const wide = config({ CALLSCOPE_HOST: '0.0.0.0' });
    expect(siteUrl(wide, request())).toBe('http://10.0.0.5:8080');
    expect(siteUrl(wide, request({ protocol: 'https', localPort: 443 }))).toBe('https://10.0.0.5');
    expect(siteUrl(wide, request({ localAddress: '::ffff:10.0.0.5' }))).toBe('http://10.0.0.5:8080');
    expect(siteUrl(wide, request({ localAddress: 'fe80::1' }))).toBe('http://[fe80::1]:8080');
    // A loopback name is no more the client's to choose on a network bind.
    expect(siteUrl(wide, request({ host: 'localhost:8080' }))).toBe('http://10.0.0.5:8080');
  });

  it('names the Host when CALLSCOPE_ALLOWED_HOSTS lists it (case aside), with its port', () => {
    const listed = config({ CALLSCOPE_HOST: '0.0.0.0', CALLSCOPE_ALLOWED_HOSTS: 'cs.example.com' });
    expect(siteUrl(listed, request({ host: 'CS.example.com:8443' }))).toBe('http://cs.example.com:8443');
    for (const host of [
      'cs.example.com.evil.example',
      'cs.example.com@evil.example',
      'evil.example#cs.example.com',
      '',
    ])
      expect(siteUrl(listed, request({ host })), host).toBe('http://10.0.0.5:8080');
  });

  it('names a loopback Host on a loopback bind, where CALLSCOPE_ALLOWED_HOSTS is unset', () => {
    const local = config();
    expect(siteUrl(local, request({ host: 'localhost:8080', localAddress: '127.0.0.1' }))).toBe(
      'http://localhost:8080',
    );
    expect(siteUrl(local, request({ localAddress: '127.0.0.1' }))).toBe('http://127.0.0.1:8080');
  });

  it('falls back to the configured address without a socket (injected requests)', () => {
    const none = { localAddress: undefined, localPort: undefined };
    expect(siteUrl(config({ CALLSCOPE_HOST: '0.0.0.0', CALLSCOPE_PORT: '9000' }), request(none))).toBe(
      'http://127.0.0.1:9000',
    );
    expect(siteUrl(config({ CALLSCOPE_HOST: '::1', CALLSCOPE_PORT: '9000' }), request(none))).toBe(
      'http://[::1]:9000',
    );
  });
});
