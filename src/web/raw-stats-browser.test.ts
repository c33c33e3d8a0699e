import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDump, sharePath } from '../../test/support/api-requests.js';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import {
  accessibilityViolations,
  chromiumPath,
  launchBrowser,
  RESULTS_DIR,
  screenshot,
  watchProblems,
} from './test-support/browser.js';

const executable = chromiumPath();

/**
 * The raw stats explorer in Chromium: open the section, search an attribute, plot it as a value
 * and as a rate (two units, two axes), open a description's SDP diff; no axe violation in light
 * and dark; screenshots in test-results/web/raw-stats-{light,dark}.png. The session is
 * test/fixtures/chromium156/renegotiation: the caller adds video at 10 s (a second offer).
 */
describe.skipIf(!executable)('raw stats explorer in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let account: TestAccount;
  let id = '';
  let share = '';
  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser(executable!);
    account = await service.account();
    id = await saveDump(
      account,
      readFileSync(fixture('chromium156', 'renegotiation', 'webrtc_internals_dump.txt')),
      'renegotiation.txt',
    );
    share = await sharePath(account, id);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  async function explore(page: Page): Promise<void> {
    const section = page.locator('#raw-stats');
    await section.locator('summary').first().click();
    await section.locator('.raw-tree details.raw-connection').first().waitFor();
    await section.getByLabel('Search reports and attributes').fill('bytesReceived');
    const attribute = section.locator('.raw-attributes li', { hasText: 'bytesReceived' }).first();
    await attribute.waitFor();
    await attribute.getByLabel('value').check();
    await section.locator('.raw-plot[data-series="1"]').waitFor();
    await attribute.getByLabel('rate').check();
    // bytes and bytes/s: a second axis.
    await section.locator('.raw-plot[data-series="2"][data-axes="2"]').waitFor();
    expect(await section.locator('.raw-chosen li').count()).toBe(2);
    // The event log, its descriptions only, and the changes of the second offer.
    await section.getByLabel('Only descriptions (SDP)').check();
    await section.locator('.event-log-body[data-query*="only=sdp"] .event-table tbody tr').first().waitFor();
    const offers = section.locator('.event-table tbody tr', { hasText: 'createOfferOnSuccess' });
    expect(await offers.count()).toBeGreaterThanOrEqual(2);
    const sdp = offers.nth(1).locator('details.sdp');
    await sdp.locator('summary').first().click();
    await sdp.locator('.diff-added').first().waitFor();
    expect(await sdp.locator('.diff-added').count()).toBeGreaterThan(0);
    expect(await sdp.locator('.hint').first().textContent()).toMatch(
      /Against event \d+ \((setLocalDescription|createOfferOnSuccess)\): [1-9]\d* lines added/,
    );
  }

  for (const theme of ['light', 'dark'] as const)
    it(`opens, searches, plots a value and a rate, and diffs SDP in ${theme}, with no axe violation`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        colorScheme: theme,
      });
      await context.addInitScript(
        `sessionStorage.setItem('callscope.token', ${JSON.stringify(account.token)})`,
      );
      const page = await context.newPage();
      const problems = await watchProblems(page);
      try {
        await page.goto(`${service.url}/sessions/${id}`);
        await page.locator('#raw-stats').waitFor();
        await explore(page);
        await page.locator('#raw-stats .raw-search').evaluate((e) => e.scrollIntoView());
        await screenshot(page, `raw-stats-${theme}`);
        // The whole section too: tree, chart, and the event log with its diff open.
        await page
          .locator('#raw-stats')
          .screenshot({ path: join(RESULTS_DIR, `raw-stats-${theme}-section.png`) });
        await page
          .locator('#raw-stats')
          .screenshot({ path: undefined })
          .catch(() => undefined);
        expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
        expect(await problems()).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

  it('fits a phone (375 px): nothing wider than the screen, no axe violation', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
    await context.addInitScript(
      `sessionStorage.setItem('callscope.token', ${JSON.stringify(account.token)})`,
    );
    const page = await context.newPage();
    try {
      await page.goto(`${service.url}/sessions/${id}`);
      await page.locator('#raw-stats').waitFor();
      await explore(page);
      expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([
        375, 375,
      ]);
      await page.locator('#raw-stats .raw-search').evaluate((e) => e.scrollIntoView());
      await screenshot(page, 'raw-stats-dark-375');
      expect(await accessibilityViolations(page, ['heading-order'])).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('works on the share page, without a token', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    try {
      await page.goto(`${service.url}${share}`);
      await page.locator('#raw-stats').waitFor();
      await explore(page);
      expect(await problems()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
