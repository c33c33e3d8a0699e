import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-dump.js';

/**
 * The analysis as users run it: tsc's build in dist/, which the CLI, the service and its workers
 * load. The bench itself runs under tsx, which compiles src/ file by file with esbuild, and that
 * code is markedly slower: analyzeDump took 245.7 ms a pass over the six small internals dumps
 * where the build took 192.0 ms (interleaved in one process); an esbuild bundle of src/ took 140.8
 * ms with keepNames and 148.6 ms without, against 95.5 ms for the build in another such run. Timing
 * src/ measured the loader rather than callscope. `npm run bench` builds first.
 */
export async function built<T>(modulePath: string): Promise<T> {
  const path = join(ROOT, 'dist', modulePath);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return (await import(pathToFileURL(path).href)) as T;
}

type Index = typeof import('../src/index.js');
export const { analyzeDump, isDumpError } = await built<Index>('index.js');
