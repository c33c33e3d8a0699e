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

/** Opens PostgreSQL when a URL is given, else SQLite in the data directory, and migrates it. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  try {
    await migrate(db as Kysely<unknown>, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, close: () => db.destroy() };
}
