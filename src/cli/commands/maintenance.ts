/** What `migrate` and `doctor` share: the storage flags, and naming a database without its password. */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { type Config, ConfigError, parseConfig } from '../../config/config.js';
import { openPostgres } from '../../storage/postgres/open.js';
import { openSqlite } from '../../storage/sqlite/open.js';
import type { CliIo } from '../io.js';
import { refusal, usageLines } from '../option-problem.js';

export const STORAGE_OPTIONS_HELP =
  'Options: --data DIR (or CALLSCOPE_DATA_DIR), --database-url URL (or CALLSCOPE_DATABASE_URL); every other\nsetting comes from the environment, as for serve.';

/**
 * Parses `--data` / `--database-url` / `--help`; prints usage and returns an exit code when the
 * command should stop there. Configuration problems are returned, not printed: doctor reports them.
 */
export function parseMaintenanceArgs(
  command: string,
  args: string[],
  io: CliIo,
  help: string,
): { flags: string[] } | { exit: number } {
  try {
    const { values } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      io.out(help);
      return { exit: 0 };
    }
    return {
      flags: [
        ...(values.data ? ['--data', values.data] : []),
        ...(values['database-url'] ? ['--database-url', values['database-url']] : []),
      ],
    };
  } catch (error) {
    io.err(refusal(command, error, usageLines(help)));
    return { exit: 2 };
  }
}

export function loadConfig(env: NodeJS.ProcessEnv, flags: string[]): Config | ConfigError {
  try {
    return parseConfig(env, flags);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/** `postgres://user@host:5432/db` with the password masked, or the SQLite file. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `SQLite ${config.dataDir}/callscope.db`;
  try {
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '***';
    url.search = '';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (unparseable URL)';
  }
}

/** The database without the migration step `openStorage` runs (migrate and doctor decide themselves). */
export function openRawDatabase(config: Config): { db: Kysely<unknown>; dialect: 'postgres' | 'sqlite' } {
  return config.databaseUrl
    ? { db: openPostgres(config.databaseUrl, 1) as Kysely<unknown>, dialect: 'postgres' }
    : { db: openSqlite(config.dataDir) as Kysely<unknown>, dialect: 'sqlite' };
}
