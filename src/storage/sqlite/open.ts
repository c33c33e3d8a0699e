import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../schema.js';
import { NulCharacterPlugin } from '../text-values.js';

/** The embedded database's file in a data directory. */
export const sqliteFile = (dataDir: string): string => join(dataDir, 'callscope.db');

/**
 * The embedded database: one SQLite file in WAL mode. better-sqlite3 is synchronous, so queries
 * block the event loop for their (short) duration; analysis runs in worker threads, not here.
 */
export function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const file = dataDir === ':memory:' ? ':memory:' : sqliteFile(dataDir);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new NulCharacterPlugin()],
  });
}
