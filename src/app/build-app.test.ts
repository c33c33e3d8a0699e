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

  it("names each request in its answer: the caller's X-Request-Id, else a UUID unique across starts", async () => {
    const mine = await fetch(`${service.url}/healthz`, {
      headers: { 'x-request-id': 'trace-4bf92f3577b34da6' },
    });
    expect(mine.headers.get('x-request-id')).toBe('trace-4bf92f3577b34da6');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = (await fetch(`${service.url}/v1.0/quota`)).headers.get('x-request-id');
    const b = (await fetch(`${service.url}/v1.0/quota`)).headers.get('x-request-id');
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
    // An id that is not one (too long, spaces) is replaced, not echoed.
    for (const odd of ['x'.repeat(129), 'two words'])
      expect(
        (await fetch(`${service.url}/healthz`, { headers: { 'x-request-id': odd } })).headers.get(
          'x-request-id',
        ),
      ).toMatch(uuid);
  });

  it('asks browsers not to sniff API answers, errors included', async () => {
    for (const path of ['/v1.0/quota', '/%3Cscript%3Ealert(1)%3C/script%3E', '/healthz'])
      expect((await fetch(`${service.url}${path}`)).headers.get('x-content-type-options'), path).toBe(
        'nosniff',
      );
  });

  it('says what form the Authorization header takes when the token comes without "Bearer "', async () => {
    const account = await service.account();
    const res = await fetch(`${service.url}/v1.0/quota`, { headers: { authorization: account.token } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errorCode: string; error: string };
    expect(body.errorCode).toBe('authentication');
    expect(body.error).toMatch(/Authorization header must be "Bearer <application token>"/);
    expect(body.error).not.toMatch(/Missing/);
  });
});
