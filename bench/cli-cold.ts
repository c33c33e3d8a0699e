import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-dump.js';

/**
 * `callscope analyze FILE` on one small dump, cold (a fresh process each run, as a user types it),
 * against the floor of starting node itself, interleaved, medians of `runs`. Needs the build
 * (`npm run build`): dist/ is what users run.
 */
export const CLI_TARGET_S = 0.4;
const SMALL = join(ROOT, 'test/fixtures/chromium156/loss/webrtc_internals_dump.txt');

export function cliColdStart(runs = 9): { cliS: number; nodeS: number } | undefined {
  const cli = join(ROOT, 'dist/cli/main.js');
  if (!existsSync(cli)) return undefined;
  const time = (args: string[]) => {
    const start = performance.now();
    execFileSync(process.execPath, args, { stdio: 'ignore' });
    return (performance.now() - start) / 1000;
  };
  const cliRuns: number[] = [];
  const nodeRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    nodeRuns.push(time(['-e', '0']));
    cliRuns.push(time([cli, 'analyze', SMALL]));
  }
  const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  return { cliS: median(cliRuns), nodeS: median(nodeRuns) };
}
