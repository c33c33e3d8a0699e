import closeWithGrace from 'close-with-grace';
import { buildApp } from '../../app/build-app.js';
import { closeApp } from '../../app/close-app.js';
import { ConfigError, parseConfig, settingsHelp } from '../../config/config.js';
import { unknownSettings } from '../../config/unknown-settings.js';
import { configWarnings } from '../../config/warnings.js';
import { closeContext, createContext } from '../../service/create-context.js';
import { drain } from '../../service/shutdown.js';
import { startSweeper } from '../../service/sweeper.js';
import { invocation } from '../invocation.js';
import type { CliIo } from '../io.js';
import { RELEASE } from '../release.js';
import { storageOption } from '../storage-option.js';
import { describeDatabase } from './maintenance.js';

export const SERVE_HELP = `Usage: callscope serve [--port N] [--host ADDR] [--data DIR] [--database-url URL] [--workers N] [--log-level L] [--log-format F]

Starts the HTTP service (REST API, MCP endpoint, docs). Without a database URL it runs on its
embedded default: SQLite and dump files under the data directory (./data).

Settings (flag / environment variable):
${settingsHelp()}`;

/** Runs the service until SIGINT/SIGTERM, then drains: in-flight analyses finish first. */
export async function serveCommand(
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(SERVE_HELP);
    return 0;
  }
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env, args);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`callscope serve: ${error.message}`);
      return 2;
    }
    throw error;
  }
  for (const warning of [...unknownSettings(env), ...configWarnings(config)])
    io.err(`callscope serve: warning: ${warning}`);
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config);
  } catch (error) {
    // Most often the database: not up yet, a wrong host, user or database name. Say which one,
    // password masked, rather than a stack trace.
    io.err(
      `callscope serve: cannot start with ${describeDatabase(config)}: ${(error as Error).message}\n` +
        `  ${invocation()} doctor checks the database, the blob store and the data directory.`,
    );
    return 1;
  }
  const { app, state } = await buildApp(ctx, { logRequests: true });
  const stopSweeper = startSweeper(ctx);
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    io.err(`callscope serve: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    stopSweeper();
    await closeContext(ctx);
    return 1;
  }
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  io.err(`${RELEASE} listening on ${address} (${store}, ${config.workers} analysis worker(s))`);
  io.err(
    `  API reference: ${address}/api-docs   OpenAPI: ${address}/api/openapi   health: ${address}/healthz`,
  );
  if ((await ctx.storage.accounts.list()).length === 0)
    io.err(
      '  No account yet. Create one and its token with:\n' +
        `    ${invocation()} accounts create --name "My team" --plan developer --credits 100${storageOption(config, env)}`,
    );
  return new Promise<number>((resolve) => {
    closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
      if (err) ctx.log.error({ err }, 'shutting down after an error');
      else ctx.log.info({ signal }, 'shutting down: finishing requests in flight');
      state.draining = true;
      stopSweeper();
      await drain(ctx, () => closeApp(app), config.shutdownGraceMs);
      await closeContext(ctx);
    });
    app.server.on('close', () => resolve(0));
  });
}
