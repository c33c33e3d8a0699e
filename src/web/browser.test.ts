import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import {
  accessibilityViolations,
  chromiumPath,
  launchBrowser,
  screenshot,
  watchProblems,
} from './test-support/browser.js';
import { drawnPixels, dropFile, tokenStorage } from './test-support/in-page.js';

const DUMP = readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'));
const executable = chromiumPath();

describe.skipIf(!executable)('web viewer in Chromium: owner, share and embed', () => {
  let service: TestService;
  let browser: Browser;
  let owner: TestAccount;
  let shareUrl = '';
  let sessionPath = '';
  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser(executable!);
    owner = await service.account({ email: 'owner@example.com' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('signs in, uploads a dump by drag and drop, and shows observations, timeline and charts', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await page.goto(`${service.url}/sessions`);
    await page.getByLabel('Application token').fill(owner.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Stored sessions' }).waitFor();
    expect(await tokenStorage(page)).toEqual({ session: owner.token, localItems: 0 });
    expect(await context.cookies()).toEqual([]);

    await dropFile(page, 'section.upload', 'loss-call.txt', DUMP.toString('utf8'));
    await page.getByRole('link', { name: 'loss-call.txt' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('section.upload progress').getAttribute('value')).toBe('100');
    await page.locator('table.sessions tbody tr').first().waitFor();
    await screenshot(page, 'owner-list-1280');

    await page.locator('table.sessions tbody th a').first().click();
    await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
    sessionPath = new URL(page.url()).pathname;
    const stored = (await (await owner.fetch(`/v1.0${sessionPath}`)).json()) as {
      data: {
        title: string;
        observations: { type: string; severity: string; cause?: { symptoms: string[] } }[];
        whatHappened: { at: string; observation: number; text: string }[];
        streams: Record<string, { kind: string }>;
      };
    };
    await page.getByRole('heading', { level: 1, name: stored.data.title }).waitFor();
    const observations = page.locator('details.obs');
    expect(await observations.count()).toBe(stored.data.observations.length);
    expect(await page.getByRole('heading', { name: /^High \(\d+\)$/ }).count()).toBe(1);
    // Each observation is named by its type's title in the catalog before it is opened, as in the timeline.
    const catalog = (await (await owner.fetch('/v1.0/observations')).json()) as {
      data: { type: string; title: string }[];
    };
    const titles = new Map(catalog.data.map((e) => [e.type, e.title]));
    const expected = stored.data.observations.map((o) => titles.get(o.type));
    expect(await page.locator('details.obs .obs-title').allTextContents()).toEqual(expected);
    expect(await page.locator('#tl-obs-0 .text').textContent()).toContain(expected[0]);
    // What happened comes first: the payload's story, each line opening the observation it tells.
    expect(await page.locator('main section.card').first().getAttribute('id')).toBe('what-happened');
    expect(stored.data.whatHappened.length).toBe(2);
    expect(await page.locator('#what-happened .story-time').allTextContents()).toEqual(
      stored.data.whatHappened.map((l) => l.at),
    );
    expect(await page.locator('#what-happened .story-text').allTextContents()).toEqual(
      stored.data.whatHappened.map((l) => l.text),
    );
    const told = stored.data.whatHappened[0]!.observation;
    await page.locator('#what-happened .story-text a').first().click();
    const cause = page.locator(`details#obs-${told}[open]`);
    await cause.waitFor();
    // Its episodes in m:ss from the call start, and the symptoms it explains, each a link.
    expect(await cause.locator('ul.episodes li').first().textContent()).toMatch(
      /^0:0\d to 0:\d\d, worst [\d.]+ at 0:\d\d$/,
    );
    const symptoms = cause.locator('ul.symptoms a');
    expect(await symptoms.count()).toBe(stored.data.observations[told]!.cause!.symptoms.length);
    await symptoms.first().click();
    const symptom = page.locator('details.obs[open]', {
      has: page.getByRole('link', { name: titles.get(stored.data.observations[told]!.type)!, exact: true }),
    });
    expect(await symptom.count()).toBe(1);
    await page.locator('#what-happened').scrollIntoViewIfNeeded();
    await screenshot(page, 'owner-session-story-1280');
    await cause.locator('summary').click();
    await symptom.locator('summary').click();
    // The count of streams is of the media streams charted.
    const media = Object.values(stored.data.streams).filter((s) => s.kind !== 'data').length;
    expect(media).toBeGreaterThan(1);
    await page.getByRole('heading', { name: `Charts (${media} streams)` }).waitFor();

    // Evidence and explanation of the first (most severe) observation.
    const first = observations.first();
    await first.locator('summary').click();
    await first.getByRole('heading', { name: 'About this observation' }).waitFor();
    expect(await first.locator('table.evidence tbody tr').count()).toBeGreaterThan(0);
    // Its moment on the timeline.
    await first.getByRole('link', { name: /into the call/ }).click();
    await page.locator('#timeline li.current').waitFor();
    // The first observation of a stream (the causes before it concern the connection): its charts.
    const ofStream = observations.filter({ has: page.locator('a', { hasText: / stream / }) }).first();
    await ofStream.locator('summary').click();
    await ofStream.getByRole('link', { name: / stream / }).click();
    const plot = page.locator('article.stream:target .plot[data-rendered]').first();
    await plot.waitFor();
    expect(Number(await plot.getAttribute('data-points'))).toBeGreaterThan(20);
    expect(await drawnPixels(page, 'article.stream:target .plot[data-rendered]')).toBeGreaterThan(500);
    await screenshot(page, 'owner-session-stream-1280');

    // Drag across a chart to zoom in on part of the call, double-click to see all of it again.
    const range = async () => (await plot.getAttribute('data-x-range'))!.split(' ').map(Number);
    const [whole0, whole1] = await range();
    const over = (await plot.locator('.u-over').boundingBox())!;
    const y = over.y + over.height / 2;
    await page.mouse.move(over.x + over.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(over.x + over.width * 0.5, y, { steps: 5 });
    await page.mouse.up();
    const [zoom0, zoom1] = await range();
    expect(zoom0).toBeGreaterThan(whole0! + 1);
    expect(zoom1).toBeLessThan(whole1! - 1);
    await page.mouse.dblclick(over.x + over.width / 2, y);
    expect(await range()).toEqual([whole0, whole1]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download dump' }).click(),
    ]);
    // Through a signed link the browser saves as it arrives, not a copy held in the page (blob:).
    expect(download.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/download\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(download.suggestedFilename()).toBe('loss-call.txt');
    expect(readFileSync((await download.path())!).equals(DUMP)).toBe(true);

    await page.getByRole('button', { name: 'Shared publicly' }).click();
    await page.locator('button.share-toggle[aria-pressed="true"]').waitFor();
    shareUrl = (await page.locator('a.share-url').getAttribute('href'))!;
    expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]+$/);
    expect(await problems()).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a shared session read-only in a fresh browser, and 404 once the link is revoked', async () => {
    expect(shareUrl).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const viewer = await context.newPage();
    const problems = await watchProblems(viewer);
    await viewer.goto(shareUrl);
    await viewer.locator('details.obs').first().waitFor();
    expect(await viewer.getByLabel('Application token').count()).toBe(0);
    for (const name of ['Download dump', 'Delete', 'Shared publicly', 'Sign out'])
      expect(await viewer.getByRole('button', { name }).count(), name).toBe(0);
    expect(await viewer.getByText('owner@example.com').count()).toBe(0);
    // The explanation comes through the share link too.
    await viewer.locator('details.obs summary').first().click();
    await viewer.getByRole('heading', { name: 'About this observation' }).first().waitFor();
    await viewer.locator('#charts').scrollIntoViewIfNeeded();
    await viewer.locator('#charts .plot[data-rendered]').first().waitFor();
    await screenshot(viewer, 'share-phone-390');
    expect(await problems()).toEqual([]);
    // The first connection's details are open: their headings follow the page's outline too.
    expect(await viewer.locator('details.connection[open]').count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(viewer, ['heading-order'])).toEqual([]);
    // Nothing of the account: this browser has no token, the API refuses it.
    expect(await viewer.evaluate(() => fetch('/v1.0/sessions').then((r) => r.status))).toBe(401);

    const owned = await browser.newContext();
    const page = await owned.newPage();
    await page.goto(`${service.url}/`);
    await page.getByLabel('Application token').fill(owner.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.goto(`${service.url}${sessionPath}`);
    await page.locator('button.share-toggle[aria-pressed="true"]').click();
    await page.locator('button.share-toggle[aria-pressed="false"]').waitFor();
    const revoked = await viewer.goto(shareUrl);
    expect(revoked?.status()).toBe(404);
    await viewer.getByRole('heading', { name: 'Not found' }).waitFor();
    await Promise.all([context.close(), owned.close()]);
  }, 120_000);

  it('reads plainly on a phone: calls without media, the sessions list and a missing session', async () => {
    const upload = async (dump: string) => {
      const res = await owner.fetch('/v1.0/analyze?save=true', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: readFileSync(fixture(dump)),
      });
      return ((await res.json()) as { callscopeId: string }).callscopeId;
    };
    const dataOnly = await upload('chromium156/datachannel-only/webrtc_internals_dump.txt');
    const failed = await upload('jitsi/chrome-standard-pc-failed');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await page.goto(`${service.url}/`);
    await page.getByLabel('Application token').fill(owner.token);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // A data-channel-only call has no experience to score (0 by specification): not a red 0 / 100.
    await page.goto(`${service.url}/sessions/${dataOnly}`);
    const experience = page.locator('dl.scores dd').first();
    await experience.waitFor();
    expect(await experience.textContent()).toBe('not scored (no audio or video was exchanged)');
    expect(await experience.locator('.band-unrated').count()).toBe(1);
    await page.getByRole('heading', { name: 'Charts (0 streams)' }).waitFor();

    // Connections with nothing to chart say why; DTLS versions are named.
    await page.goto(`${service.url}/sessions/${failed}`);
    await page.locator('#charts').waitFor();
    expect(await page.locator('#charts .pc-charts > p.hint', { hasText: /^Never connected/ }).count()).toBe(
      2,
    );
    expect(await page.locator('#connections dd', { hasText: 'DTLS 1.2' }).count()).toBe(1);
    expect(await page.locator('#connections dd', { hasText: /\bFEF[CDF]\b/ }).count()).toBe(0);

    // A title with no space to break at (a URL) wraps instead of widening the page.
    await page.goto(`${service.url}/sessions`);
    await page.getByRole('link', { name: /ProblematicLandmarksAssociateAbout/ }).waitFor();
    // Each row names its stored file (analyze?save=true without a fileName stores `dump`).
    expect(await page.locator('table.sessions th .file-name').allTextContents()).toContain('dump');
    expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([
      390, 390,
    ]);
    await screenshot(page, 'owner-list-390');

    // An id that is not in the account: nothing about sharing, and the way back.
    await page.goto(`${service.url}/sessions/0b6a1c6e-58a4-4b5e-9a55-1f2a3b4c5d6e`);
    await page.getByText('No session with this id in your account.').waitFor();
    await page.getByRole('link', { name: 'Back to your sessions' }).click();
    await page.waitForURL(/\/sessions$/);
    // The failed request of the missing session is the console's only complaint.
    expect((await problems()).filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('renders the embedded view inside another site, and 404 for an expired token', async () => {
    const enterprise = await service.account({ plan: 'enterprise' });
    const res = await enterprise.fetch('/v1.0/analyze?save=true', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: DUMP,
    });
    const { callscopeId, embedUrl } = (await res.json()) as { callscopeId: string; embedUrl: string };
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    // Another site (another origin: its own port) frames the viewer.
    const site = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Customer</title><iframe title="call" src="${embedUrl}" width="960" height="700"></iframe>`,
        ),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    await frame.locator('details.obs').first().waitFor();
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await screenshot(page, 'embed-framed');

    const expired = await service.ctx.tokens.embedToken(callscopeId, Date.now() - 2 * 24 * 3600_000);
    const direct = await page.goto(`${service.url}/embed/${expired}`);
    expect(direct?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await context.close();
    site.close();
  }, 120_000);
});
