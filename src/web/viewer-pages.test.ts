import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../test/support/service.js';
import { parseConfig } from '../config/config.js';
import { catalogOfObservations } from '../service/observations.js';

describe('viewer pages and assets', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_EMBED_TTL_MS: '60000' });
  });
  afterAll(async () => service?.close());

  it('serves the pages with a CSP and no inline script', async () => {
    for (const path of ['/', '/sessions', '/compare', '/sessions/0b6a1c6e-58a4-4b5e-9a55-1f2a3b4c5d6e']) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).toContain('<script type="module" src="/assets/app/main.js"></script>');
      // The stored colour theme, applied before the first paint (a classic script: see theme.ts).
      expect(html).toContain('<script src="/assets/app/theme.js"></script>');
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html).toMatch(/<main id="main"/);
    }
    expect((await fetch(`${service.url}/sessions/not-an-id`)).status).toBe(404);
  });

  it('puts the observation titles of the catalog in session pages, not in the sessions list', async () => {
    const html = await (await fetch(`${service.url}/sessions/0b6a1c6e-58a4-4b5e-9a55-1f2a3b4c5d6e`)).text();
    const attribute = /data-titles="([^"]*)"/.exec(html)?.[1] ?? '';
    const titles = JSON.parse(
      attribute
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    const catalog = catalogOfObservations().data;
    expect(Object.keys(titles)).toHaveLength(catalog.length);
    for (const { type, title } of catalog) expect(titles[type], type).toBe(title);
    expect(await (await fetch(`${service.url}/sessions`)).text()).not.toContain('data-titles');
  });

  it('serves the browser modules (compiled, or transpiled from sources), the CSS and uPlot', async () => {
    const main = await fetch(`${service.url}/assets/app/main.js`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toContain('text/javascript');
    const js = await main.text();
    expect(js).toContain("from './session.js'");
    expect(js).not.toMatch(/: Promise<void>/);
    const etag = main.headers.get('etag')!;
    expect(
      (await fetch(`${service.url}/assets/app/main.js`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect((await fetch(`${service.url}/assets/app.css`)).headers.get('content-type')).toContain('text/css');
    const uplot = await fetch(`${service.url}/assets/vendor/uPlot.iife.min.js`);
    expect(uplot.status).toBe(200);
    expect((await uplot.text()).length).toBeGreaterThan(20_000);
    for (const bad of ['/assets/app/nope.js', '/assets/app/..%2Fassets.ts', '/assets/vendor/uPlot.d.ts'])
      expect((await fetch(`${service.url}${bad}`)).status, bad).toBe(404);
  });

  it('signs embed tokens with the configured lifetime and refuses them after it', async () => {
    const id = '0b6a1c6e-58a4-4b5e-9a55-1f2a3b4c5d6e';
    const now = Date.now();
    const token = await service.ctx.tokens.embedToken(id, now);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(60);
    expect(await service.ctx.tokens.verifyEmbed(token, now + 59_000)).toBe(id);
    expect(await service.ctx.tokens.verifyEmbed(token, now + 61_000)).toBeUndefined();
    // An embed token is never an application token.
    expect(await service.ctx.tokens.verify(token)).toBeUndefined();
  });

  it('reads CALLSCOPE_EMBED_TTL_MS, 24 hours by default', () => {
    expect(parseConfig({}).embedTtlMs).toBe(86_400_000);
    expect(parseConfig({ CALLSCOPE_EMBED_TTL_MS: '3600000' }).embedTtlMs).toBe(3_600_000);
    expect(() => parseConfig({ CALLSCOPE_EMBED_TTL_MS: '10' })).toThrow(/at least 1000/);
  });
});
