// One analysis in a fresh process of bare node with the build (dist/), so that its peak RSS is what
// a user's process reaches, without the TypeScript loader the rest of the bench runs under (with
// tsx the baseline process took 102.9 MB, without it 62.2 MB):
// `node analyze-child.mjs analyze|baseline <path>`. Prints `{ ms, maxRssKiB, error? }` as JSON, like
// child.ts; a failed run still reports the memory it reached.
import { peakRssKiB } from './peak-rss.mjs';

const [mode, path] = process.argv.slice(2);
const { analyzeDump } = await import(new URL('../dist/index.js', import.meta.url).href);
const start = performance.now();
let error;
try {
  if (mode === 'analyze') await analyzeDump(path);
  else if (mode !== 'baseline') throw new Error(`unknown mode ${mode}`);
} catch (e) {
  error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
const ms = performance.now() - start;
console.log(JSON.stringify({ ms, maxRssKiB: peakRssKiB(), error }));
