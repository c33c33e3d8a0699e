import { join } from 'node:path';
import { createBlobStore } from '../../service/create-context.js';
import { inFlightGraceMs, sweep } from '../../service/sweeper.js';
import { openStorage } from '../../storage/index.js';
import type { CliIo } from '../io.js';
import { describeDatabase, loadConfig, parseMaintenanceArgs, STORAGE_OPTIONS_HELP } from './maintenance.js';

export const HOUSEKEEPING_HELP = `Usage: callscope housekeeping [--data DIR] [--database-url URL]

Runs the housekeeping every server runs on its own (every minute, and for orphans at start and
hourly) once, now, and prints what it removed: chunks never assembled (older than
CALLSCOPE_CHUNK_TTL_MS), credit holds and temporary files left by a process that died (older than
twice CALLSCOPE_ANALYSIS_TIMEOUT_MS), dumps without a session and chunk files without a chunk row
(same age), old idempotency records and idle MCP sessions. Safe while servers run.

${STORAGE_OPTIONS_HELP}`;

/** `callscope housekeeping` */
export async function housekeepingCommand(
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const parsed = parseMaintenanceArgs('housekeeping', args, io, HOUSEKEEPING_HELP);
  if ('exit' in parsed) return parsed.exit;
  const config = loadConfig(env, parsed.flags);
  if (config instanceof Error) {
    io.err(`callscope housekeeping: ${config.message}`);
    return 2;
  }
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined;
  try {
    storage = await openStorage({
      dataDir: config.dataDir,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    });
    const blobs = await createBlobStore(config);
    const done = await sweep(
      { config, storage, blobs, now: Date.now, tmpDir: join(config.dataDir, 'tmp') },
      { orphans: true },
    );
    io.out(
      `${describeDatabase(config)}: housekeeping done (in-flight grace ${inFlightGraceMs(config)} ms).\n${Object.entries(
        done,
      )
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
    return 0;
  } catch (error) {
    io.err(`callscope housekeeping: ${(error as Error).message}`);
    return 1;
  } finally {
    await storage?.close();
  }
}
