/**
 * Bundles the `callscope` command after tsc has compiled dist/: dist/cli/main.js becomes one file
 * plus shared chunks in dist/bin/, with the analysis worker beside them (dist/bin/analysis-worker.js).
 * Packages stay external (node_modules is loaded as before) but for three (BUNDLED); what is
 * bundled is mostly our own ~300 modules, whose one-by-one loading (resolve, stat, open, read, compile each) was most of a cold
 * `callscope analyze` of a small dump and much of a server's start. The library entry
 * (dist/index.js) stays tsc's output.
 *
 * Two modules find files relative to themselves, and the script checks they land where that holds:
 * the analysis pool looks for `analysis-worker.js` beside it, and the web assets look for
 * dist/web/ (see assets.ts). The CLI's release reads `../../package.json`, true of dist/cli and
 * dist/bin alike.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const WORKER = 'bin/analysis-worker';
/**
 * Packages bundled too: plain ES modules of many small files each (typebox ~680, kysely ~260),
 * whose loading one by one cost as much as ours, with no native code and no file read relative to
 * themselves. Every other package stays in node_modules, loaded by node as before.
 */
const BUNDLED = ['typebox', 'kysely', 'jose'];

/** Leaves imports of packages to node at run time, but those of `bundled`. */
function externalPackagesExcept(bundled) {
  const own = new RegExp(`^(${bundled.join('|')})(/|$)`);
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        own.test(args.path) || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
      );
    },
  };
}

// Chunks are named by their hash: those of an earlier build would pile up.
rmSync('dist/bin', { recursive: true, force: true });
const result = await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts', [WORKER]: 'src/worker/analysis-worker.ts' },
  outdir: 'dist',
  chunkNames: 'bin/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackagesExcept(BUNDLED)],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

/** The output file that holds `source`. */
function outputOf(source) {
  for (const [file, output] of Object.entries(result.metafile.outputs))
    if (!file.endsWith('.map') && output.inputs[source]) return file;
  throw new Error(`bundle-cli: ${source} is in no output`);
}

const problems = [];
const pool = outputOf('src/worker/analysis-pool.ts');
if (dirname(pool) !== `dist/${dirname(WORKER)}`)
  problems.push(`the analysis pool is in ${pool}, not beside dist/${WORKER}.js`);
const assets = outputOf('src/web/assets.ts');
if (dirname(assets) !== 'dist/bin') problems.push(`the web assets module is in ${assets}, not in dist/bin`);
if (problems.length > 0) {
  console.error(`bundle-cli: ${problems.join('; ')}`);
  process.exit(1);
}
const files = Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map'));
const bytes = files.reduce((sum, f) => sum + result.metafile.outputs[f].bytes, 0);
console.log(
  `bundle-cli: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in dist/bin and dist/cli/main.js`,
);
