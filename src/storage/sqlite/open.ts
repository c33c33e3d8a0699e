import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, Kysely, SqliteDialect, SqliteDriver } from 'kysely';
import type { Database } from '../schema.js';
import { NulCharacterPlugin } from '../text-values.js';

/** The embedded database's file in a data directory. */
export const sqliteFile = (dataDir: string): string => join(dataDir, 'callscope.db');

/**
 * SQLite ends a transaction by itself on some errors (SQLITE_FULL when the disk is full, SQLITE_IOERR).
 * Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active", and that error
 * replaced the one an operator needs to see. Rolling back only an open transaction keeps it.
 */
class RollbackIfOpenDriver extends SqliteDriver {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class EmbeddedDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new RollbackIfOpenDriver(this.sqlite);
  }
}

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
    dialect: new EmbeddedDialect(sqlite),
    plugins: [new NulCharacterPlugin()],
  });
}
