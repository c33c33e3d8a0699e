import { decodeFloor } from './floor.js';
import { peakRssKiB } from './peak-rss.mjs';

/**
 * Runs the floor in a fresh process so that its peak RSS is its own: `child.ts floor <path>`
 * (analyses run in analyze-child.mjs, under bare node). Prints `{ ms, maxRssKiB, error? }` as JSON; a failed
 * run still reports the memory it reached.
 */
const [mode, path] = process.argv.slice(2);
const start = performance.now();
let error: string | undefined;
try {
  if (mode === 'floor') await decodeFloor(path!);
  else throw new Error(`unknown mode ${mode}`);
} catch (e) {
  error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
const ms = performance.now() - start;
console.log(JSON.stringify({ ms, maxRssKiB: peakRssKiB(), error }));
