import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDump } from '../../bench/build-dump.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import {
  accessibilityViolations,
  chromiumPath,
  launchBrowser,
  RESULTS_DIR,
  screenshot,
  watchProblems,
} from './test-support/browser.js';
import {
  cursorMoveTimes,
  focused,
  longestEvent,
  recordEventTimes,
  renderAllCharts,
} from './test-support/in-page.js';

const executable = chromiumPath();
/** 30 minutes at webrtc-internals' one sample per second. */
const SAMPLES = 1800;
/** Peer connections in the generated call: four media streams and a data channel each. */
const CONNECTIONS = 12;
/**
 * The smoothness budgets (longest frame, cursor cost) are timings: on a shared machine a stall of
 * the host can exceed them with the viewer at fault in nothing. The suite records them (console
 * and test-results/web/long-call-perf.json); `npm run bench:web` runs this file and checks them.
 */
const CHECK_TIMINGS = process.env.CALLSCOPE_WEB_TIMINGS === 'check';
const LONGEST_FRAME_MS = 1000;
const CURSOR_MS_PER_MOVE = 100;
/** Each interaction, from the input to the next paint (Event Timing, as INP counts it). */
const INTERACTION_MS = 50;

describe.skipIf(!executable)('web viewer in Chromium: a 30-minute call with dozens of streams', () => {
  let service: TestService;
  let browser: Browser;
  let account: TestAccount;
  let dir: string;
  let dumpPath: string;
  let page: Page;
  let problems: () => Promise<string[]>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'callscope-web-'));
    // Real connections replicated and extended to 1800 samples (bench/build-dump.ts), gzip-compressed.
    const raw = join(dir, 'long-call.txt');
    writeDump(raw, (CONNECTIONS - 0.5) * 10_400_000, undefined, SAMPLES);
    dumpPath = `${raw}.gz`;
    writeFileSync(dumpPath, gzipSync(readFileSync(raw), { level: 1 }));
    rmSync(raw);
    service = await startService();
    account = await service.account({ plan: 'enterprise' });
    browser = await launchBrowser(executable!);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    problems = await watchProblems(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('uploads the dump in chunks with progress, then draws every chart without stalling', async () => {
    await page.goto(`${service.url}/sessions`);
    await page.getByLabel('Application token').fill(account.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Dump file').setInputFiles(dumpPath);
    await page.getByText('Analyzing long-call.txt.gz').waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'long-call.txt.gz' }).waitFor({ timeout: 120_000 });
    console.log('uploaded');

    const opened = Date.now();
    await page.getByRole('link', { name: 'long-call.txt.gz' }).click();
    await page.locator('#connections').waitFor();
    const pageReadyMs = Date.now() - opened;
    await page.locator('#charts').scrollIntoViewIfNeeded();
    await page.locator('#charts .plot[data-rendered]').first().waitFor();
    const firstChartMs = Date.now() - opened;
    const streams = await page.locator('#charts article.stream').count();
    expect(streams).toBeGreaterThanOrEqual(CONNECTIONS * 4);
    console.log('first chart', firstChartMs);
    const result = await renderAllCharts(page);
    console.log('all charts', result);
    expect(result.rendered).toBe(result.placeholders);
    expect(result.points).toBeGreaterThan(streams * 250);
    // Lazy drawing keeps each frame short: no frame of the scroll waits on dozens of charts at once.
    if (CHECK_TIMINGS) expect(result.longestFrameMs).toBeLessThan(LONGEST_FRAME_MS);

    // The cursor over a chart, synced to the others on screen: 40 moves across it, against 40 moves
    // where there is no chart (what the browser and the test driver cost by themselves).
    const box = (await page.locator('#charts .plot[data-rendered] .u-over').last().boundingBox())!;
    const sweep = async (x0: number, x1: number, y: number) => {
      await page.mouse.move(x0, y);
      const start = Date.now();
      await page.mouse.move(x1, y, { steps: 40 });
      return (Date.now() - start) / 40;
    };
    const idleMs = await sweep(5, 600, 5);
    const overChartMs = await sweep(box.x + 5, box.x + box.width - 5, box.y + box.height / 2);
    const cursorMsPerMove = Math.max(0, overChartMs - idleMs);
    if (CHECK_TIMINGS) expect(cursorMsPerMove).toBeLessThan(CURSOR_MS_PER_MOVE);
    await screenshot(page, 'long-call-charts-1280');

    const measured = { streams, pageReadyMs, firstChartMs, cursorMsPerMove, ...result };
    writeFileSync(join(RESULTS_DIR, 'long-call-perf.json'), `${JSON.stringify(measured, null, 2)}\n`);
    console.log(
      `long call in the viewer: ${JSON.stringify(measured)}; budgets: longest frame < ${LONGEST_FRAME_MS} ms, cursor < ${CURSOR_MS_PER_MOVE} ms per move (${CHECK_TIMINGS ? 'checked' : 'checked by npm run bench:web'})`,
    );
    expect(await problems()).toEqual([]);
  }, 300_000);

  it('answers every interaction within a frame budget on the long call', async () => {
    // The charts section on screen, every chart already drawn (the test above scrolled through them).
    await page.locator('#charts article.stream').nth(3).scrollIntoViewIfNeeded();
    await recordEventTimes(page);
    const timings: Record<string, number> = {};
    const plot = page.locator('#charts article.stream').nth(3).locator('.plot[data-rendered]').first();
    const over = (await plot.locator('.u-over').boundingBox())!;
    const y = over.y + over.height / 2;

    // The cursor: in-page, each move to the end of its frame, the other charts on screen following.
    const moves = await cursorMoveTimes(page, '#charts article.stream:nth-of-type(4) .plot .u-over', 60);
    moves.sort((a, b) => a - b);
    timings.cursorMoveP50 = moves[Math.floor(moves.length / 2)]!;
    timings.cursorMoveP95 = moves[Math.floor(moves.length * 0.95)]!;
    timings.cursorMoveMax = moves.at(-1)!;
    await longestEvent(page);

    // A drag zooms every chart; a double-click zooms them all out.
    await page.mouse.move(over.x + over.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(over.x + over.width * 0.6, y, { steps: 4 });
    await page.mouse.up();
    timings.dragZoom = await longestEvent(page);
    await page.mouse.dblclick(over.x + over.width / 2, y);
    timings.zoomOut = await longestEvent(page);

    // The keyboard cursor on a focused chart.
    await plot.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    timings.keyboardCursor = await longestEvent(page);
    await page.keyboard.press('Escape');
    await longestEvent(page);

    // A chart enlarged, then closed with Escape.
    const enlarge = page
      .locator('#charts article.stream')
      .nth(3)
      .getByRole('button', { name: /^Enlarge/ })
      .first();
    await enlarge.click();
    await page.getByRole('dialog').locator('canvas').waitFor();
    timings.enlarge = await longestEvent(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    timings.closeEnlarged = await longestEvent(page);

    // The compact grid and back, the theme and back: every chart on screen redrawn.
    const compact = page.getByRole('button', { name: 'Compact grid' });
    await compact.click();
    timings.compactGrid = await longestEvent(page);
    await compact.click();
    timings.fullWidth = await longestEvent(page);
    const theme = page.getByRole('button', { name: 'Dark theme' });
    await theme.click();
    timings.darkTheme = await longestEvent(page);
    await theme.click();
    timings.lightTheme = await longestEvent(page);

    // A moment picked on the timeline of events, then a cause (or, with none, an observation).
    await page.locator('#timeline li button.time').nth(5).click();
    timings.timelineMoment = await longestEvent(page);
    const cause = page.locator('.tl-cause').first();
    if ((await cause.count()) > 0) await cause.click();
    else await page.locator('details.obs summary').first().click();
    timings.openCause = await longestEvent(page);

    // The next test starts from a fresh page: the focus is nowhere yet.
    await page.reload();
    await page.locator('details.obs').first().waitFor();
    writeFileSync(join(RESULTS_DIR, 'long-call-interactions.json'), `${JSON.stringify(timings, null, 2)}\n`);
    console.log(
      `interactions on the long call (ms; Event Timing reports none under 16): ${JSON.stringify(timings)}; budget ${INTERACTION_MS} ms each (${CHECK_TIMINGS ? 'checked' : 'checked by npm run bench:web'})`,
    );
    // The cursor's budget is per move at the 95th percentile (one move in a sweep may meet a
    // garbage collection); its longest move is recorded beside it.
    if (CHECK_TIMINGS)
      for (const [name, ms] of Object.entries(timings))
        if (name !== 'cursorMoveMax') expect(ms, name).toBeLessThan(INTERACTION_MS);
    expect(await problems()).toEqual([]);
  }, 120_000);

  it('is keyboard-usable: skip link, visible focus, observations open with Enter', async () => {
    await page.evaluate('window.scrollTo(0, 0)');
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', className: 'skip-link', outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    expect((await focused(page))?.tag).toBe('main');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.outline).toBe('solid 3px');
    const summary = page.locator('details.obs summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('details.obs').first().getAttribute('open')).toBe('');
    await page.getByRole('heading', { name: 'About this observation' }).first().waitFor();
  }, 60_000);

  it('has no WCAG A/AA violations (axe-core) on the list, session, share and sign-in pages', async () => {
    const found: Record<string, string[]> = {};
    found.session = await accessibilityViolations(page);
    await page.goto(`${service.url}/sessions`);
    await page.locator('table.sessions').waitFor();
    found.list = await accessibilityViolations(page);
    const id = new URL(
      (await page.locator('table.sessions tbody th a').first().getAttribute('href'))!,
      service.url,
    );
    const shared = await account.fetch(`/v1.0${id.pathname}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    const link = ((await shared.json()) as { data: { public_link: string } }).data.public_link;
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await phone.goto(`${service.url}/share/${link}`);
    await phone.locator('details.obs').first().waitFor();
    found.sharePhone = await accessibilityViolations(phone);
    await screenshot(phone, 'long-call-share-phone-390');
    await phone.goto(`${service.url}/`);
    await phone.getByLabel('Application token').waitFor();
    found.signIn = await accessibilityViolations(phone);
    await screenshot(phone, 'sign-in-phone-390');
    expect(found).toEqual({ session: [], list: [], sharePhone: [], signIn: [] });
  }, 120_000);
});
