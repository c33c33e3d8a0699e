/**
 * `@jitsi/rtcstats` for a page without a bundler, or for Node. The package is ES modules source
 * with bare imports (`@jitsi/js-utils`, `@jitsi/logger`, `sdp`, `uuid`), meant to be bundled by
 * the app (jitsi-meet does it with webpack): the tests bundle it with esbuild (present in
 * node_modules through tsx), for a page into one script that puts its two entry points on
 * `window.jitsiRtcstats`, for Node its transport alone (trace-ws.js, which needs only a global
 * `WebSocket` and `navigator`).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Whether the package and esbuild are both installed. */
export function canBundleJitsi(): boolean {
  try {
    require.resolve('@jitsi/rtcstats/package.json');
    require.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/** The installed version of @jitsi/rtcstats. */
export const jitsiVersion = (): string =>
  (require('@jitsi/rtcstats/package.json') as { version: string }).version;

/** The page script: `window.jitsiRtcstats = { rtcstatsInit, traceInit }`. */
export const bundleJitsiRtcstats = (): Promise<string> =>
  bundle(
    [
      "import rtcstatsInit from '@jitsi/rtcstats/rtcstats';",
      "import traceInit from '@jitsi/rtcstats/trace-ws';",
      'window.jitsiRtcstats = { rtcstatsInit, traceInit };',
    ],
    'browser',
  );

/** The transport's `traceInit`, loaded in this process (WebSocket and navigator must be global). */
export async function loadJitsiTraceWs(): Promise<(options: Record<string, unknown>) => JitsiTrace> {
  const code = await bundle(["export { default as traceInit } from '@jitsi/rtcstats/trace-ws';"], 'node');
  const module = { exports: {} as { traceInit: (options: Record<string, unknown>) => JitsiTrace } };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports.traceInit;
}

/** What trace-ws.js returns. */
export interface JitsiTrace {
  (message: unknown): void;
  connect(isBreakoutRoom: boolean, isReconnect?: boolean): void;
  identity(...data: unknown[]): void;
  statsEntry(...data: unknown[]): void;
  keepAlive(): void;
  close(): void;
  isConnected(): boolean;
  isClosed(): boolean;
}

async function bundle(entry: string[], platform: 'browser' | 'node'): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: entry.join('\n'),
      resolveDir: dirname(fileURLToPath(import.meta.url)),
      sourcefile: 'jitsi-rtcstats-entry.js',
    },
    bundle: true,
    format: platform === 'browser' ? 'iife' : 'cjs',
    platform,
    target: platform === 'browser' ? 'es2020' : 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        // rtcstats.js imports '@jitsi/js-utils/browser-detection', a directory; js-utils 2.x
        // maps './*' to './dist/*' in its exports, which forbid importing a directory, so a
        // resolver that follows exports strictly (esbuild does) needs the index file named.
        name: 'js-utils-directory-index',
        setup(build) {
          build.onResolve({ filter: /^@jitsi\/js-utils\/[\w-]+$/ }, (args) =>
            args.pluginData === 'index'
              ? undefined
              : build.resolve(`${args.path}/index.js`, {
                  resolveDir: args.resolveDir,
                  kind: args.kind,
                  pluginData: 'index',
                }),
          );
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}
