import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import { rebuildCells } from '../storage/insights.js';
import { abstract, newSession } from '../storage/sessions.contract.js';
import {
  accessibilityViolations,
  chromiumPath,
  launchBrowser,
  screenshot,
  watchProblems,
} from './test-support/browser.js';

const executable = chromiumPath();
const DAY = 86_400_000;

/**
 * Analyzed fixture dumps and the day (before today, UTC) their call is moved to: six in the last
 * 7 days, four in the 7 days before, so the Overview has a period and a previous one.
 */
const SEEDS: [string, number][] = [
  ['chromium156/clean/webrtc_internals_dump.txt', 0],
  ['chromium156/loss/webrtc_internals_dump.txt', 1],
  ['chromium156/ice-fail/webrtc_internals_dump.txt', 2],
  ['jitsi/firefox-relay', 3],
  ['jitsi/chrome-standard-pc-failed', 4],
  ['chromium156/outage/webrtc_internals_dump.txt', 5],
  ['jitsi/safari-standard-stats', 8],
  ['chromium156/clean/webrtc_internals_dump.txt', 9],
  ['fippo/clienttest.json', 10],
  ['chromium156/jitter/webrtc_internals_dump.txt', 12],
];
const CURRENT = SEEDS.filter(([, day]) => day < 7).length;

/**
 * The Overview in Chromium: the counts it shows are those of the API, each count opens a list of
 * exactly that many sessions, it reads in both themes on a desktop and a phone (screenshots in
 * test-results/web/overview-*.png) with no axe violation, and a keyboard reaches its links.
 */
describe.skipIf(!executable)('web viewer in Chromium: the Overview', () => {
  let service: TestService;
  let browser: Browser;
  let account: TestAccount;
  let from = '';
  let to = '';
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '10000', CALLSCOPE_RATE_INGEST: '1000' });
    browser = await launchBrowser(executable!);
    account = await service.account({ credits: 50 });
    const db = service.ctx.storage.database.db;
    const today = Math.floor(Date.now() / DAY) * DAY;
    for (const [i, [path, day]] of SEEDS.entries()) {
      const res = await account.fetch(`/v1.0/analyze?save=true&fileName=seed-${i}.txt`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: readFileSync(fixture(...path.split('/'))),
      });
      expect(res.status, path).toBe(200);
      const id = ((await res.json()) as { callscopeId: string }).callscopeId;
      // Noon of the day: inside the period whatever the time of the run.
      const start = today - day * DAY + 12 * 3_600_000;
      await db
        .updateTable('sessions')
        .set({ call_start: start, call_end: start + 60_000 })
        .where('id', '=', id)
        .execute();
    }
    // The rollups counted the call starts the dumps carried: recounted from the moved ones.
    await rebuildCells(db);
    to = new Date(today + DAY).toISOString().slice(0, 10);
    from = new Date(today - 6 * DAY).toISOString().slice(0, 10);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  async function open(theme: 'light' | 'dark', width: number, token = account.token) {
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 812 : 900 },
      colorScheme: theme,
    });
    // Generous: the pages are transpiled from sources on first use, on a machine other tests share.
    context.setDefaultTimeout(120_000);
    await context.addInitScript(`sessionStorage.setItem('callscope.token', ${JSON.stringify(token)})`);
    const page = await context.newPage();
    return { context, page, problems: await watchProblems(page) };
  }
  const ready = (page: Page) => page.locator('.ov-tiles').waitFor();
  /** The list's own count of its sessions ("Page 1 of 1 · 6 sessions"). */
  const listed = async (page: Page) => {
    await page.waitForURL(/\/sessions\?/);
    const pager = page.locator('nav.pager span');
    await pager.waitFor();
    return Number(/· (\d+) sessions?$/.exec((await pager.textContent()) ?? '')?.[1]);
  };
  const apiCount = async (query: string) =>
    ((await (await account.fetch(`/v1.0/sessions?limit=1&${query}`)).json()) as { totalCount: number })
      .totalCount;

  it('shows the API’s counts, and a count of each kind opens a list of exactly its sessions', async () => {
    const { context, page, problems } = await open('light', 1280);
    await page.goto(`${service.url}/?days=7`);
    await ready(page);
    const tile = (label: string) =>
      page
        .locator('.ov-tile', { has: page.locator('.ov-tile-label', { hasText: label }) })
        .locator('a.ov-count');
    const sessions = tile('Sessions');
    expect((await sessions.innerText()).split('\n')[0]).toBe(String(CURRENT));
    const range = `from=${from}&to=${to}`;
    const low = Number((await tile('Low score').innerText()).split(/\s/)[0]);
    expect(low).toBe(await apiCount(`${range}&hasLowScore=true`));
    const critical = Number((await tile('With a critical').innerText()).split(/\s/)[0]);
    expect(critical).toBe(await apiCount(`${range}&hasCritical=true`));
    expect(critical).toBeGreaterThan(0);

    // A count link of each kind (which filters it sets, and a day of the trend apart from the
    // period), followed: the list shows as many sessions as the link said.
    const links = (await page.evaluate(
      `[...document.querySelectorAll('main a.ov-count')].map((a) => [a.textContent.split(' ')[0], a.getAttribute('href')])`,
    )) as [string, string | null][];
    expect(links.length).toBeGreaterThan(15);
    const kinds = new Set<string>();
    for (const [text, href] of links) {
      if (!href || text === '0') continue;
      const q = new URLSearchParams(href.split('?')[1]);
      const kind = `${[...q.keys()].sort().join(',')}${q.get('from') === from ? '' : ' (a day)'}`;
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      await page.goto(`${service.url}${href}`);
      expect({ href, n: await listed(page) }).toEqual({ href, n: Number(text) });
    }
    expect([...kinds].sort()).toEqual(
      [
        'band,from,to',
        'browser,from,to',
        'from,observationFlags,to',
        'from,os,to',
        'from,severity,to',
        'from,to',
        'from,to (a day)',
        'band,browser,from,to',
        'band,from,os,to',
        'band,connectivity,from,to',
        'connectivity,from,to',
      ].sort(),
    );
    // The list opened from the Sessions count, as a person gets there: a click.
    await page.goto(`${service.url}/?days=7`);
    await ready(page);
    await sessions.click();
    expect(await listed(page)).toBe(CURRENT);
    expect(await page.locator('table.sessions tbody tr').count()).toBe(CURRENT);
    // Sorted by score with the heading: the order the API gives.
    await page.getByRole('button', { name: /^Score/ }).click();
    await page.locator('th[aria-sort="descending"]').waitFor();
    const api = (await (
      await account.fetch(`/v1.0/sessions?${range}&sort=experienceScore&order=desc&limit=25`)
    ).json()) as { data: { title: string }[] };
    expect(await page.locator('table.sessions tbody th a').allTextContents()).toEqual(
      api.data.map((s) => s.title || 'Untitled session'),
    );
    expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
    await screenshot(page, 'overview-list-sorted-light-1280');
    expect(await problems()).toEqual([]);
    await context.close();
  }, 600_000);

  for (const theme of ['light', 'dark'] as const)
    for (const width of [1280, 375])
      it(`reads in ${theme} at ${width} px: no overflow, no axe violation`, async () => {
        const { context, page, problems } = await open(theme, width);
        await page.goto(`${service.url}/?days=7`);
        await ready(page);
        await page.locator('.ov-trend').waitFor();
        expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([
          width,
          width,
        ]);
        expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
        await screenshot(page, `overview-${theme}-${width}`, true);
        // The numbers of the trend, unfolded.
        await page.locator('.ov-details summary').click();
        expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
        expect(await problems()).toEqual([]);
        await context.close();
      }, 300_000);

  it('is reachable by keyboard: the period with the arrows, a count with Tab and Enter', async () => {
    const { context, page, problems } = await open('light', 1280);
    await page.goto(`${service.url}/?days=7`);
    await ready(page);
    await page.getByRole('radio', { name: '7 days' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/days=30/);
    await expect.poll(() => page.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
    // The tiles of the 30 days, not those of the 7 still shown while the new ones load (on a
    // loaded machine Enter once followed the old count: 6 sessions listed instead of 10).
    await expect
      .poll(async () => (await page.locator('.ov-tile-value').first().textContent())?.trim())
      .toMatch(new RegExp(`^${SEEDS.length}\\b`));
    // Tab from the period: the next stop is the Sessions count.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate("document.activeElement?.closest('.ov-tile') !== null");
    expect(focused).toBe(true);
    await page.keyboard.press('Enter');
    expect(await listed(page)).toBe(SEEDS.length);
    expect(await problems()).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows a significant rise of bad calls as a regression, its count opening its sessions', async () => {
    // 40 calls a week: 4 with an ICE failure and a low score the week before, 20 this week.
    const regressed = await service.account();
    const today = Math.floor(Date.now() / DAY) * DAY;
    for (let i = 0; i < 80; i++) {
      const current = i < 40;
      const bad = current ? i % 2 === 0 : i % 10 === 0;
      const start = today - (current ? i % 7 : 7 + (i % 7)) * DAY + 3_600_000;
      const row = newSession(regressed.id, {
        id: randomUUID(),
        createdAt: start,
        title: `call ${i}`,
        fileName: `call-${i}.txt`,
        blobKey: `overview-test/${i}`,
        callStart: start,
        callEnd: start + 60_000,
        abstract: abstract({
          observationFlags: bad ? ['iceFailure'] : [],
          observationTags: bad ? ['connectivity'] : [],
          browser: i % 3 === 0 ? 'Safari' : 'Chrome',
          browserVersion: i % 3 === 0 ? '18' : '131',
          os: i % 3 === 0 ? 'macOS' : 'Windows',
          experienceScore: bad ? 35 : 88,
          observationsCritical: bad ? 1 : 0,
          scoreBand: bad ? 'low' : 'high',
        }),
        insight: {
          audioScore: bad ? 2 : 4.5,
          videoScore: bad ? 2 : 4.5,
          connectivityScore: bad ? 1 : 5,
          observationsScore: bad ? 10 : 40,
          rttMs: 40,
          jitterMs: 5,
          packetLossPercent: 0,
          bitrateInKbps: 900,
          bitrateOutKbps: 900,
          observations: bad ? [{ type: 'iceFailure', severity: 'critical' }] : [],
          causes: bad ? [{ type: 'iceFailure', severity: 'critical' }] : [],
        },
      });
      await service.ctx.storage.sessions.insert(row);
    }
    const { context, page, problems } = await open('light', 1280, regressed.token);
    await page.goto(`${service.url}/?days=7`);
    await ready(page);
    const worse = page.locator('.ov-regressions li.ov-worse-item', { hasText: 'Low experience score' });
    await worse.waitFor();
    await page.locator('#ov-regressions').scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-regressions-light-1280');
    expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
    await worse.locator('a.ov-count').click();
    expect(await listed(page)).toBe(20);
    expect(await problems()).toEqual([]);
    await context.close();
  }, 300_000);

  it('says so when the account has no session', async () => {
    const empty = await service.account();
    const { context, page, problems } = await open('light', 375, empty.token);
    await page.goto(`${service.url}/`);
    await page.getByRole('heading', { name: 'No sessions yet' }).waitFor();
    expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
    await screenshot(page, 'overview-empty-light-375');
    expect(await problems()).toEqual([]);
    await context.close();
  }, 300_000);
});
