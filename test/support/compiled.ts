/**
 * The compiled build (dist/), for tests that start processes or worker threads: it loads in about
 * half the CPU time of the sources through tsx, and is used only when it is at least as new as every
 * source file (`npm run build` ran after the last edit, as before `npm test` in CI), so it is the
 * same code. CALLSCOPE_TEST_CLI=source|dist forces one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const COMPILED_CLI = join(ROOT, 'dist', 'cli', 'main.js');

let fresh: boolean | undefined;
function compiledIsFresh(): boolean {
  if (fresh !== undefined) return fresh;
  if (!existsSync(COMPILED_CLI)) {
    fresh = false;
    return fresh;
  }
  const built = statSync(COMPILED_CLI).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return newer(path);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && statSync(path).mtimeMs > built;
    });
  fresh = !newer(join(ROOT, 'src'));
  return fresh;
}

/** Whether to run the compiled build rather than the sources (`prefer: 'source'` asks for the sources). */
export function useCompiled(prefer: 'source' | 'dist' = 'dist'): boolean {
  const forced = process.env.CALLSCOPE_TEST_CLI;
  return forced ? forced === 'dist' : prefer === 'dist' && compiledIsFresh();
}

/**
 * The analysis worker of the compiled build for a test service's pool, or undefined (the pool's own
 * choice: the .ts source through tsx). A pool's threads each load the whole analysis stack: the
 * bundled one (scripts/bundle-cli.mjs), as the command's server runs it, loads in about 0.2 CPU-s
 * against 0.4 for tsc's modules one by one.
 */
export function compiledAnalysisWorker(): { filename: string; fromSource: boolean } | undefined {
  return useCompiled()
    ? { filename: join(ROOT, 'dist', 'bin', 'analysis-worker.js'), fromSource: false }
    : undefined;
}
