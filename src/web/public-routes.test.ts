import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import {
  NO_WINDOW_BOUNDARY_MS,
  startService,
  type TestAccount,
  type TestService,
} from '../../test/support/service.js';

const DUMP = readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'));

interface Stored {
  callscopeId: string;
  embedUrl?: string;
}

async function store(account: TestAccount, body: Uint8Array = DUMP): Promise<Stored> {
  const res = await account.fetch('/v1.0/analyze?save=true', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Stored;
}

describe('share and embed viewers over HTTP', () => {
  let service: TestService;
  let owner: TestAccount;
  let enterprise: TestAccount;
  beforeAll(async () => {
    service = await startService();
    owner = await service.account({ email: 'owner@example.com' });
    enterprise = await service.account({ plan: 'enterprise', email: 'boss@example.com' });
  });
  afterAll(async () => service?.close());

  it('serves a shared session read-only, without account data, until the link is revoked', async () => {
    const { callscopeId } = await store(owner);
    const patched = await owner.fetch(`/v1.0/sessions/${callscopeId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    const link = ((await patched.json()) as { data: { public_link: string } }).data.public_link;
    expect(link).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const page = await fetch(`${service.url}/share/${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain(`data-source="/share/${link}/session.json"`);
    expect(html).not.toMatch(/<script>|<style>| style=/);

    const json = await fetch(`${service.url}/share/${link}/session.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('no-store');
    const text = await json.text();
    expect(text).not.toContain('owner@example.com');
    expect(text).not.toContain(owner.id);
    const body = JSON.parse(text) as Record<string, unknown> & { data: Record<string, unknown> };
    expect(body).not.toHaveProperty('callscopeUrl');
    expect(body).not.toHaveProperty('embedUrl');
    expect(body.data.uploaded_by).toBeNull();
    expect(body.data.uploaded_by_email).toBeNull();
    expect(body.data.publicUrl).toBe(`${service.url}/share/${link}`);
    expect(Object.keys(body.data.streams as object).length).toBeGreaterThan(0);

    const explain = await fetch(`${service.url}/share/${link}/observations/networkAudioLossIn`);
    expect(explain.status).toBe(200);
    expect(((await explain.json()) as { title: string }).title).toBeTruthy();

    await owner.fetch(`/v1.0/sessions/${callscopeId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: false }),
    });
    for (const path of [`/share/${link}`, `/share/${link}/session.json`, `/share/${link}/observations/x`])
      expect((await fetch(`${service.url}${path}`)).status).toBe(404);
  });

  it('answers 404 for links that never existed, without touching the account API', async () => {
    const paths = ['/share/nope', '/share/AAAAAAAAAAAAAAAAAAAAAAAA/session.json', '/share/x/y/z', '/share/'];
    for (const path of paths) expect((await fetch(`${service.url}${path}`)).status).toBe(404);
    // The share key is no bearer token.
    const res = await fetch(`${service.url}/v1.0/sessions`, { headers: { authorization: 'Bearer AAAA' } });
    expect(res.status).toBe(401);
  });

  it('serves the embedded view frameable on the enterprise plan, 404 once expired or forged', async () => {
    const { callscopeId, embedUrl } = await store(enterprise);
    expect(embedUrl).toBeDefined();
    const path = new URL(embedUrl!).pathname;
    const page = await fetch(`${service.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const json = await fetch(`${service.url}${path}/session.json`);
    expect(json.status).toBe(200);
    expect(await json.text()).not.toContain('boss@example.com');

    const day = 24 * 60 * 60 * 1000;
    const expired = await service.ctx.tokens.embedToken(callscopeId, Date.now() - day - 60_000);
    const stillValid = await service.ctx.tokens.embedToken(callscopeId, Date.now() - day + 60_000);
    expect((await fetch(`${service.url}/embed/${stillValid}`)).status).toBe(200);
    const token = path.split('/').pop()!;
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const bad of [expired, forged, 'not-a-token']) {
      const res = await fetch(`${service.url}/embed/${bad}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect((await fetch(`${service.url}/embed/${bad}/session.json`)).status).toBe(404);
    }
  });

  it('gives no embed view for a session of a non-enterprise account, nor for a deleted one', async () => {
    const { callscopeId, embedUrl } = await store(owner);
    expect(embedUrl).toBeUndefined();
    const minted = await service.ctx.tokens.embedToken(callscopeId);
    expect((await fetch(`${service.url}/embed/${minted}/session.json`)).status).toBe(404);

    const stored = await store(enterprise);
    await enterprise.fetch(`/v1.0/sessions/${stored.callscopeId}`, { method: 'DELETE' });
    expect((await fetch(`${stored.embedUrl!.replace(/^https?:\/\/[^/]+/, service.url)}`)).status).toBe(404);
  });
});

describe('share views under load', () => {
  let service: TestService;
  afterAll(async () => service?.close());

  it("count against the sharing account's public limit: 429 with Retry-After past it", async () => {
    service = await startService({
      CALLSCOPE_RATE_PUBLIC: '3',
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
    });
    const owner = await service.account();
    const { callscopeId } = await store(owner);
    const patched = await owner.fetch(`/v1.0/sessions/${callscopeId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    const link = ((await patched.json()) as { data: { public_link: string } }).data.public_link;
    const views = [`/share/${link}`, `/share/${link}/session.json`, `/share/${link}/observations/iceFailure`];
    for (const [i, path] of views.entries()) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
      await res.arrayBuffer();
    }
    const refused = await fetch(`${service.url}/share/${link}/session.json`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('rate_limited');
    // An unknown link is not counted and stays a 404; the owner's own API reads are a bucket apart.
    expect((await fetch(`${service.url}/share/${'x'.repeat(24)}/session.json`)).status).toBe(404);
    expect((await owner.fetch(`/v1.0/sessions/${callscopeId}`)).status).toBe(200);
  });
});
