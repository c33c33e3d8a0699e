import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the real dumps copied into the project (see test/fixtures/README.md). */
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export const fixture = (...parts: string[]): string => join(FIXTURES, ...parts);

/** The chromium156 scenarios: one 30 s call each, recorded in three formats on both ends. */
export const CHROMIUM_SCENARIOS = [
  'clean',
  'loss',
  'relay',
  'ice-fail',
  'audio-only',
  'datachannel-only',
] as const;

export const CHROMIUM_FORMATS = {
  caller: ['webrtc_internals_dump.txt', 'chromium_rtcstats_dump.gz', 'rtcstats_dump.caller.txt'],
  callee: [
    'webrtc_internals_dump.callee.txt',
    'chromium_rtcstats_dump.callee.gz',
    'rtcstats_dump.callee.txt',
  ],
} as const;

/** Server-side jitsi samples: not browser dumps, refused. */
export const SERVER_SIDE_SAMPLES = ['jitsi/jvb-sample', 'jitsi/jicofo-sample', 'jitsi/jigasi-sample'];

/** Every dump file under test/fixtures (expected results, truth files and READMEs excluded), relative paths. */
export function allDumps(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'expected') walk(path);
      } else if (name !== 'README.md' && name !== 'truth.json') {
        out.push(relative(FIXTURES, path));
      }
    }
  };
  walk(FIXTURES);
  return out;
}
