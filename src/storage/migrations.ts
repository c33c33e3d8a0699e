import { type Kysely, sql } from 'kysely';
import { FLAG_BITS_PER_COLUMN, FLAG_COLUMNS, FLAG_TYPES } from './flag-mask.js';
import { TAG_BITS } from './tag-mask.js';

export type Dialect = 'sqlite' | 'postgres';

interface Types {
  dialect: Dialect;
  time: 'bigint' | 'integer';
  bytes: 'bytea' | 'blob';
  real: 'double precision' | 'real';
}

interface Migration {
  name: string;
  up(db: Kysely<unknown>, t: Types): Promise<void>;
}

/** Schema changes in order. Never edit a released one: add the next. */
const MIGRATIONS: Migration[] = [
  {
    name: '001-initial',
    async up(db, t) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('monthly_allocation', 'integer', (c) => c.notNull())
        .addColumn('monthly_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('purchased_balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('purchased_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('period_start', t.time, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('revoked_at', t.time)
        .execute();
      await db.schema.createIndex('tokens_account').on('tokens').columns(['account_id']).execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('credit_holds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credit_holds_created')
        .on('credit_holds')
        .columns(['created_at'])
        .execute();
      let sessions = db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('public_link', 'text', (c) => c.unique())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('file_size', t.time, (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('processor_version', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text')
        .addColumn('uploaded_by_email', 'text')
        .addColumn('call_start', t.time)
        .addColumn('call_end', t.time)
        .addColumn('indexed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('experience_score', t.real)
        .addColumn('obs_critical', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('obs_high', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('obs_medium', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('score_band', 'text', (c) => c.notNull().defaultTo('unrated'));
      for (const col of [
        'browser',
        'browser_version',
        'os',
        'os_version',
        'conference_id',
        'session_ref',
        'user_id',
        'connectivity',
      ])
        sessions = sessions.addColumn(col, 'text');
      await sessions.execute();
      // Payloads (MBs each) live in their own table so that list queries and counts never read them.
      await db.schema
        .createTable('session_payloads')
        .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
        .addColumn('payload', t.bytes, (c) => c.notNull())
        .execute();
      await sql`create index sessions_account_created on sessions (account_id, created_at desc, id desc)`.execute(
        db,
      );
      // Covers the equality and has* filters, so that counting matches never touches table rows.
      await db.schema
        .createIndex('sessions_account_filters')
        .on('sessions')
        .columns([
          'account_id',
          'browser',
          'os',
          'browser_version',
          'score_band',
          'obs_critical',
          'obs_high',
          'obs_medium',
          'id',
        ])
        .execute();
      for (const col of [
        'browser',
        'browser_version',
        'os',
        'conference_id',
        'session_ref',
        'user_id',
        'score_band',
      ])
        await db.schema
          .createIndex(`sessions_account_${col}`)
          .on('sessions')
          .columns(['account_id', col, 'created_at'])
          .execute();
      for (const table of ['session_flags', 'session_tags']) {
        await db.schema
          .createTable(table)
          .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
          .addColumn('account_id', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['session_id', 'value'])
          .execute();
        await db.schema
          .createIndex(`${table}_lookup`)
          .on(table)
          .columns(['account_id', 'value', 'session_id'])
          .execute();
      }
      await db.schema
        .createTable('upload_chunks')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('chunk_index', 'integer', (c) => c.notNull())
        .addColumn('size', t.time, (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('upload_chunks_pk', ['account_id', 'file_id', 'chunk_index'])
        .execute();
      await db.schema
        .createIndex('upload_chunks_created')
        .on('upload_chunks')
        .columns(['created_at'])
        .execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response', t.bytes)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .columns(['created_at'])
        .execute();
      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text')
        .addColumn('protocol_version', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('last_seen_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rate_counters')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', t.time, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_counters_pk', ['account_id', 'bucket', 'window_start'])
        .execute();
    },
  },
  {
    // bench:scale, 1 000 000 sessions on PostgreSQL: counting browser + hasHigh + observationTags
    // matches took ~530 ms (a hash join of ~200k candidate rows with ~300k session_tags rows). Tags
    // as bits on the row, plus one small partial index per severity, make it an index-only scan of
    // a few MB (B-tree deduplication folds the repeated keys): ~10 ms.
    name: '002-tag-mask-severity-indexes',
    async up(db) {
      await db.schema
        .alterTable('sessions')
        .addColumn('obs_tag_mask', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await repairTagMasks(db);
      for (const severity of ['critical', 'high', 'medium'])
        await sql`create index ${sql.id(`sessions_${severity}_browser_tags`)}
          on sessions (account_id, browser, obs_tag_mask) where ${sql.id(`obs_${severity}`)} > 0`.execute(db);
    },
  },
  {
    // reference.md's 403 `forbidden` ("plan without API access"): an administrator can withdraw an
    // account's API access (unpaid plan, abuse) without deleting its data or tokens.
    name: '003-account-api-access',
    async up(db) {
      await db.schema
        .alterTable('accounts')
        .addColumn('api_access', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  },
  {
    // 100 000 sessions on SQLite (bench:api's list), per query, p50/p95 ms before -> after:
    // - a newest-first page walked (account_id, created_at) and read a table row per index entry
    //   until it had its matches: browser + hasHigh + observationTags 5.3/9.3 -> 3.4/5.8, browserVersion
    //   + os 7.9/13.4 -> 3.7/4.9. With the filtered columns in the index, SQLite tests them on the
    //   entry and reads the table only for matches. The tag bits stay out of it: with them, the
    //   planner counted browser + hasHigh + tags on this index (4 ms) instead of its partial one.
    // - counting observationTags alone read every row: 53 -> 7 ms with (account_id, tag bits).
    // PostgreSQL reads the heap for every index entry of a page anyway: it gets the tag index only.
    name: '004-newest-first-covering-and-tag-indexes',
    async up(db, t) {
      await sql`create index sessions_account_tags on sessions (account_id, obs_tag_mask)`.execute(db);
      if (t.dialect !== 'sqlite') return;
      await sql`create index sessions_account_newest on sessions (account_id, created_at desc, id desc,
        browser, os, browser_version, score_band, obs_critical, obs_high, obs_medium)`.execute(db);
      await sql`drop index sessions_account_created`.execute(db);
    },
  },
  {
    // The observationFlags filter as bits on the row (flag-mask.ts), as 002 did for tags. 100 000
    // sessions on SQLite, counting those with one observation type probed session_flags once per
    // row: 106 ms (130 ms for two types). With the bits in an index of their own and in the one
    // covering the other filters, the count is an index-only scan: 5 ms for the type alone, 2-10 ms
    // with browser, OS, version, score band or has* filters. Pages still walk the newest-first
    // index: with the bits in it too, the planner counted OS + type on that wide index (23 ms).
    name: '005-flag-masks',
    async up(db) {
      for (const column of FLAG_COLUMNS)
        await db.schema
          .alterTable('sessions')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      await repairFlagMasks(db);
      const flags = sql.join(FLAG_COLUMNS.map((c) => sql.id(c)));
      await sql`create index sessions_account_flags on sessions (account_id, ${flags})`.execute(db);
      await sql`drop index sessions_account_filters`.execute(db);
      await sql`create index sessions_account_filters on sessions (account_id, browser, os, browser_version,
        score_band, obs_critical, obs_high, obs_medium, ${flags}, id)`.execute(db);
    },
  },
];

/**
 * Sets `obs_tag_mask` from session_tags where it is 0 although tags exist: the backfill of
 * migration 002, and the repair `callscope migrate` runs every time for sessions that a node still
 * on the previous version stored during a rolling upgrade (it knows no mask, so the default 0 went
 * in). Returns the number of sessions fixed.
 */
export async function repairTagMasks(db: Kysely<unknown>): Promise<number> {
  const bits = Object.entries(TAG_BITS)
    .map(([tag, bit]) => sql`when ${sql.lit(tag)} then ${sql.lit(bit)}`)
    .reduce((a, b) => sql`${a} ${b}`);
  // (session_id, value) is the primary key of session_tags: a sum of distinct bits is their OR.
  const result =
    await sql`update sessions set obs_tag_mask = coalesce((select sum(case value ${bits} else 0 end)
      from session_tags where session_tags.session_id = sessions.id), 0)
    where obs_tag_mask = 0 and exists (select 1 from session_tags where session_tags.session_id = sessions.id)`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Sets the flag columns from session_flags where they are all 0 although flags with a bit exist:
 * the backfill of migration 005, and the repair `callscope migrate` runs every time, as for tags
 * (repairTagMasks). Returns the number of sessions fixed.
 */
export async function repairFlagMasks(db: Kysely<unknown>): Promise<number> {
  const known = FLAG_TYPES.map((t) => sql.lit(t));
  const columns = FLAG_COLUMNS.map((column, i) => {
    const cases = FLAG_TYPES.flatMap((type, slot) =>
      Math.floor(slot / FLAG_BITS_PER_COLUMN) === i
        ? [sql`when ${sql.lit(type)} then ${sql.lit(2 ** (slot % FLAG_BITS_PER_COLUMN))}`]
        : [],
    );
    // (session_id, value) is the primary key of session_flags: a sum of distinct bits is their OR.
    const value =
      cases.length === 0
        ? sql`0`
        : sql`coalesce((select sum(case value ${sql.join(cases, sql` `)} else 0 end)
          from session_flags where session_flags.session_id = sessions.id), 0)`;
    return sql`${sql.id(column)} = ${value}`;
  });
  const none = sql.join(
    FLAG_COLUMNS.map((c) => sql`${sql.id(c)} = 0`),
    sql` and `,
  );
  const result = await sql`update sessions set ${sql.join(columns)}
    where ${none} and exists (select 1 from session_flags
      where session_flags.session_id = sessions.id and session_flags.value in (${sql.join(known)}))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

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
