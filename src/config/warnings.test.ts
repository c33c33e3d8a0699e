import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { configWarnings, isLoopbackHost } from './warnings.js';

const warnings = (env: Record<string, string>) =>
  configWarnings(parseConfig({ CALLSCOPE_DATA_DIR: '/tmp/x', ...env }));

describe('configWarnings', () => {
  it('says nothing on a loopback bind', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(warnings({ CALLSCOPE_HOST: host }), host).toEqual([]);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('on a network bind, names CALLSCOPE_SITE_URL when it is unset and the metrics settings when /metrics is open', () => {
    const [site, metrics, ...rest] = warnings({ CALLSCOPE_HOST: '0.0.0.0' });
    expect(rest).toEqual([]);
    expect(site).toMatch(/^CALLSCOPE_SITE_URL is unset while the service listens on 0\.0\.0\.0: /);
    expect(site).toContain('Set CALLSCOPE_SITE_URL to');
    expect(metrics).toMatch(/^GET \/metrics is served without a token on the API port/);
    expect(metrics).toContain('CALLSCOPE_METRICS_TOKEN');
    expect(metrics).toContain('CALLSCOPE_METRICS_PORT');
  });

  it('is quiet once they are set', () => {
    const host = { CALLSCOPE_HOST: '0.0.0.0' };
    expect(
      warnings({ ...host, CALLSCOPE_SITE_URL: 'https://cs.example.com', CALLSCOPE_METRICS_PORT: '9100' }),
    ).toEqual([]);
    expect(
      warnings({
        ...host,
        CALLSCOPE_SITE_URL: 'https://cs.example.com',
        CALLSCOPE_METRICS_TOKEN: 'a-metrics-token-of-24ch',
      }),
    ).toEqual([]);
  });
});

describe('metrics settings', () => {
  it('refuse a short token, one with spaces, and a metrics host without a metrics port', () => {
    for (const token of ['short', 'a token with spaces in it'])
      expect(() => warnings({ CALLSCOPE_METRICS_TOKEN: token })).toThrow(
        /CALLSCOPE_METRICS_TOKEN: use at least 16 characters, without spaces/,
      );
    expect(() => warnings({ CALLSCOPE_METRICS_HOST: '10.0.0.5' })).toThrow(
      /CALLSCOPE_METRICS_HOST needs CALLSCOPE_METRICS_PORT/,
    );
  });

  it('listen on CALLSCOPE_HOST unless CALLSCOPE_METRICS_HOST says otherwise', () => {
    const base = { CALLSCOPE_DATA_DIR: '/tmp/x', CALLSCOPE_HOST: '0.0.0.0', CALLSCOPE_METRICS_PORT: '9100' };
    expect(parseConfig(base).metrics).toEqual({ port: 9100, host: '0.0.0.0', token: undefined });
    expect(parseConfig({ ...base, CALLSCOPE_METRICS_HOST: '10.0.0.5' }).metrics.host).toBe('10.0.0.5');
  });
});
