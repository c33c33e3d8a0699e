/**
 * Real-browser tests: playwright-core drives Debian's Chromium (no browser download at install).
 * When Chromium is missing, the setup installs it with apt-get; when that is impossible, the browser
 * tests are skipped with a message saying why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CALLSCOPE_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** Screenshots and measurements of the browser tests (gitignored). */
export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../test-results/web');

function aptInstall(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      env,
      stdio: 'ignore',
      timeout: 10 * 60_000,
    });
  try {
    install();
  } catch {
    // A fresh machine has no package lists yet.
    execFileSync('apt-get', ['update'], { env, stdio: 'ignore', timeout: 5 * 60_000 });
    install();
  }
}

/** The Chromium executable, installing Debian's package when needed; undefined (with a warning) if impossible. */
export function chromiumPath(): string | undefined {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  try {
    console.warn(`${CHROMIUM} is missing: installing Debian's chromium for the browser tests…`);
    aptInstall();
  } catch (error) {
    console.warn(`Browser tests are SKIPPED: Chromium could not be installed (${(error as Error).message}).`);
    return undefined;
  }
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.warn(`Browser tests are SKIPPED: apt-get ran but ${CHROMIUM} is still missing.`);
  return undefined;
}

/** Headless Chromium with the flags this machine needs (root, no GPU, no background network). */
export function launchBrowser(executablePath: string): Promise<Browser> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const screenshot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage });

/** What the in-page functions below touch: this Node program has no DOM library. */
declare const window: { cspViolations: string[]; axe: { run(options: object): Promise<AxeResult> } };
declare const document: {
  addEventListener(
    type: string,
    listener: (e: { violatedDirective: string; blockedURI: string }) => void,
  ): void;
};

/**
 * Records page errors, console errors and CSP violations; `check()` returns them. The listener
 * is added before any page script runs.
 */
export async function watchProblems(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [...problems, ...(await page.evaluate(() => window.cspViolations))];
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A/AA violations on the current page, as "rule: target" lines, and those of
 * `alsoRules` (best-practice rules such as heading-order, which no WCAG tag selects).
 */
export async function accessibilityViolations(page: Page, alsoRules: string[] = []): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE);
  return page.evaluate(async (rules) => {
    const runs: object[] = [{ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }];
    if (rules.length > 0) runs.push({ runOnly: { type: 'rule', values: rules } });
    const found: string[] = [];
    for (const options of runs) {
      const result = await window.axe.run(options);
      found.push(...result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)));
    }
    return found;
  }, alsoRules);
}

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
