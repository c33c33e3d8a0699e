import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../test/support/service.js';
import { apiReferencePolicy, SWAGGER_UI_FILES } from './api-reference.js';
import { chromiumPath, launchBrowser, screenshot, watchProblems } from './test-support/browser.js';

/** The URLs a page refers to in src, href and url(…), absolute or not. */
function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
}

describe('/api-docs: the API reference page', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => service?.close());

  it('is HTML that refers to this server only, with a CSP that allows nothing else', async () => {
    const res = await fetch(`${service.url}/api-docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(apiReferencePolicy(undefined));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)|https?:/);
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\bstyle="/);
    const refs = references(html);
    expect(refs).toEqual(
      expect.arrayContaining([
        '/assets/swagger-ui/swagger-ui-bundle.js',
        '/assets/swagger-ui/swagger-ui.css',
        '/assets/api-reference.js',
        '/api/openapi',
      ]),
    );
    for (const ref of refs) expect(ref, ref).toMatch(/^(\/(?!\/)|data:,$)/);
    // The start script points Swagger UI at the served document.
    expect(html).toContain('data-openapi="/api/openapi"');
  });

  it('serves its assets from this server, with their media types', async () => {
    const html = await (await fetch(`${service.url}/api-docs`)).text();
    for (const ref of references(html).filter((r) => r.startsWith('/assets/'))) {
      const res = await fetch(`${service.url}${ref}`);
      expect(res.status, ref).toBe(200);
      expect(res.headers.get('content-type'), ref).toMatch(
        ref.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      expect((await res.text()).length, ref).toBeGreaterThan(100);
      const etag = res.headers.get('etag')!;
      expect((await fetch(`${service.url}${ref}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    expect(Object.keys(SWAGGER_UI_FILES)).toHaveLength(2);
    expect((await fetch(`${service.url}/assets/swagger-ui/index.html`)).status).toBe(404);
    expect((await fetch(`${service.url}/assets/swagger-ui/..%2Fpackage.json`)).status).toBe(404);
  });

  it('allows "Try it out" to reach the API on its own origin when CALLSCOPE_API_URL names one', () => {
    expect(apiReferencePolicy('https://api.example.com/base')).toContain(
      "connect-src 'self' https://api.example.com;",
    );
  });

  it('is linked from the viewer', async () => {
    const page = await (await fetch(`${service.url}/sessions`)).text();
    expect(page).toContain('<a href="/api-docs">API reference</a>');
  });
});

const executable = chromiumPath();
describe.skipIf(!executable)('/api-docs in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser(executable!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('renders every operation under its CSP, loading nothing from elsewhere', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    const elsewhere: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(service.url) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    await page.goto(`${service.url}/api-docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    const doc = (await (await fetch(`${service.url}/api/openapi`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.keys(item).filter((k) => k !== 'servers'),
    );
    expect(await page.locator('.opblock').count()).toBe(operations.length);
    await expect(page.getByText('callscope API').first().isVisible()).resolves.toBe(true);
    // An operation opens with its typed parameters and its answers' models.
    await page.locator('#operations-Sessions-listSessions button.opblock-summary-control').click();
    await page.locator('#operations-Sessions-listSessions tr[data-param-name="observationTags"]').waitFor();
    await page.locator('#operations-Sessions-listSessions .responses-table').waitFor();
    await screenshot(page, 'api-reference-1280', true);
    expect(elsewhere).toEqual([]);
    expect(await problems()).toEqual([]);
    await context.close();
  }, 60_000);
});
