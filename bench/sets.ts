import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-dump.js';

const FIXTURES = join(ROOT, 'test/fixtures');

/**
 * The jitsi rtcstats-server's own test dumps: those of `test/fixtures/jitsi` that project checks its
 * feature extractor against (an expected result in `jitsi/expected/`). The server-side samples
 * (jvb, jicofo, jigasi) and the dumps it keeps no result for are left out.
 */
export function peerJitsiDumps(): string[] {
  const dir = join(FIXTURES, 'jitsi');
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .filter((name) => ['.json', '-result.json'].some((end) => existsSync(join(dir, 'expected', name + end))))
    .sort()
    .map((name) => join(dir, name));
}

/** Real webrtc-internals exports of 0.3 to 3 MB among the fixtures (recorded Chromium 156 calls). */
export function smallInternalsDumps(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.startsWith('webrtc_internals_dump')) {
        const size = statSync(path).size;
        if (size >= 0.3e6 && size <= 3e6) found.push(path);
      }
    }
  };
  walk(FIXTURES);
  return found.sort();
}
