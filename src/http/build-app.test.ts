import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestService } from '../../test/support/service.js';

describe('service smoke test', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => service?.close());

  it('analyzes a real dump over HTTP and spends one credit', async () => {
    const account = await service.account({ credits: 3 });
    const body = readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'));
    const res = await account.fetch('/v1.0/analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as {
      data: { observationsCount: { high: number } };
      processorVersion: string;
    };
    expect(json.data.observationsCount.high).toBeGreaterThan(0);
    expect(json).not.toHaveProperty('callscopeId');
    const quota = (await (await account.fetch('/v1.0/quota')).json()) as { remainingCredits: number };
    expect(quota.remainingCredits).toBe(2);
  });

  it('refuses a request without a token', async () => {
    const res = await fetch(`${service.url}/v1.0/quota`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errorCode: 'authentication', error: expect.any(String) });
  });
});
