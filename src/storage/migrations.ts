import { type Kysely, sql } from 'kysely';
import { type Dialect, MIGRATIONS, type Types } from './migration-steps.js';

export type { Dialect } from './migration-steps.js';

/** Names of every migration this version knows, in order. */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map((m) => m.name);

/** What `migrate` would do, without doing it (doctor). `unknown`: applied by a newer version. */
export async function migrationStatus(
  db: Kysely<unknown>,
): Promise<{ applied: string[]; pending: string[]; unknown: string[] }> {
  let applied: string[] = [];
  try {
    const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db);
    applied = rows.rows.map((r) => r.name);
  } catch (error) {
    // No schema_migrations table: a database never migrated. Anything else is a real failure.
    if (!/no such table|does not exist/i.test((error as Error).message)) throw error;
  }
  return {
    applied,
    pending: MIGRATION_NAMES.filter((n) => !applied.includes(n)),
    unknown: applied.filter((n) => !MIGRATION_NAMES.includes(n)),
  };
}

/** Applies the migrations not yet applied, in one transaction each; safe to run from several nodes. */
export async function migrate(
  db: Kysely<unknown>,
  dialect: Dialect,
  /** Stop after this migration (tests of a later migration's data step). */
  options: { until?: string } = {},
): Promise<string[]> {
  const types: Types =
    dialect === 'postgres'
      ? { dialect, time: 'bigint', bytes: 'bytea', real: 'double precision' }
      : { dialect, time: 'integer', bytes: 'blob', real: 'real' };
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    await db.transaction().execute(async (trx) => {
      // One node migrates at a time; the others wait, then see it applied.
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
      // Under the lock: concurrent "create table if not exists" races in PostgreSQL's catalog
      // (duplicate key in pg_type) when several nodes start on an empty database.
      await trx.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', types.time, (c) => c.notNull())
        .execute();
      const done = await sql<{
        n: number;
      }>`select count(*) as n from schema_migrations where name = ${migration.name}`.execute(trx);
      if (Number(done.rows[0]?.n ?? 0) > 0) return;
      await migration.up(trx, types);
      await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${Date.now()})`.execute(
        trx,
      );
      applied.push(migration.name);
    });
    if (migration.name === options.until) break;
  }
  return applied;
}
