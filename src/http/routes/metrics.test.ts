import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.js';
import { bearerMatches } from './metrics.js';

const TOKEN = 'metrics-token-0123456789';

const scrape = (url: string, authorization?: string) =>
  fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });

async function expectMetrics(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await res.text()).toContain('# TYPE');
}

async function expectRefused(res: Response): Promise<void> {
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  const body = (await res.json()) as { error: string; errorCode: string };
  expect(body.errorCode).toBe('authentication');
  expect(body.error).toContain('CALLSCOPE_METRICS_TOKEN');
  expect(JSON.stringify(body)).not.toContain(TOKEN);
}

describe('GET /metrics', () => {
  describe('by default', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService();
    });
    afterAll(async () => service?.close());

    it('is served on the API port without a token, as before', async () => {
      await expectMetrics(await scrape(service.url));
      expect(service.built.metrics).toBeUndefined();
    });
  });

  describe('with CALLSCOPE_METRICS_TOKEN', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService({ CALLSCOPE_METRICS_TOKEN: TOKEN });
    });
    afterAll(async () => service?.close());

    it('answers 401 without the token or with another one, and the metrics with it', async () => {
      for (const authorization of [
        undefined,
        'Bearer',
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Bearer ${TOKEN}x`,
        `Basic ${TOKEN}`,
        TOKEN,
      ])
        await expectRefused(await scrape(service.url, authorization));
      await expectMetrics(await scrape(service.url, `Bearer ${TOKEN}`));
      await expectMetrics(await scrape(service.url, `bearer  ${TOKEN} `));
    });
  });

  it('with CALLSCOPE_METRICS_PORT, is served on that port only, and stops with the service', async () => {
    const service = await startService({ CALLSCOPE_METRICS_PORT: '0', CALLSCOPE_METRICS_HOST: '127.0.0.1' });
    let closed = false;
    try {
      const metricsUrl = `http://127.0.0.1:${(service.built.metrics!.server.address() as AddressInfo).port}`;
      expect(metricsUrl).not.toBe(service.url);
      await expectMetrics(await scrape(metricsUrl));
      expect((await scrape(service.url)).status).toBe(404);
      // The metrics port serves nothing else.
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
      await service.close();
      closed = true;
      await expect(scrape(metricsUrl)).rejects.toThrow();
    } finally {
      if (!closed) await service.close();
    }
  });

  it('takes a token on its own port too', async () => {
    const service = await startService({ CALLSCOPE_METRICS_PORT: '0', CALLSCOPE_METRICS_TOKEN: TOKEN });
    try {
      const url = `http://127.0.0.1:${(service.built.metrics!.server.address() as AddressInfo).port}`;
      await expectRefused(await scrape(url));
      await expectMetrics(await scrape(url, `Bearer ${TOKEN}`));
    } finally {
      await service.close();
    }
  });
});

describe('bearerMatches', () => {
  it('matches the exact token only, whatever the length of what is sent', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`BEARER\t${TOKEN}`, TOKEN)).toBe(true);
    for (const sent of [
      undefined,
      '',
      'Bearer ',
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `x${TOKEN}`,
    ])
      expect(bearerMatches(sent, TOKEN), String(sent)).toBe(false);
  });
});
