import type { Kysely } from 'kysely';
import { type Dialect, migrate } from './migrations.js';
import { openPostgres } from './postgres/open.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite/open.js';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: told when the server closes an idle connection (see openPostgres). */
  onConnectionLost?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, else SQLite in the data directory, and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl, 10, options.onConnectionLost)
    : openSqlite(options.dataDir);
  try {
    await migrate(db as Kysely<unknown>, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, close: () => db.destroy() };
}
