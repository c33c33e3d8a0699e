import { rmSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresStorage, TEST_DATABASE_URL, tempDir } from '../../test/support/databases.js';
import { flagColumns } from './flag-mask.js';
import { repairFlagMasks, repairTagMasks } from './mask-repair.js';
import { type Dialect, MIGRATION_NAMES, migrate, migrationStatus } from './migrations.js';
import { openPostgres } from './postgres/open.js';
import type { Database } from './schema.js';
import { SessionsRepo } from './sessions.js';
import { openSqlite } from './sqlite/open.js';
import { TAG_BITS } from './tag-mask.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** An empty SQLite database in a temporary directory, removed after the tests. */
function emptySqlite(): Kysely<unknown> {
  const dir = tempDir('callscope-migrations-');
  const db = openSqlite(dir) as Kysely<unknown>;
  cleanups.push(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

/**
 * An empty schema of its own on the test PostgreSQL: postgresStorage() migrates a fresh one, whose
 * tables are dropped here to start over.
 */
async function emptyPostgres(): Promise<Kysely<unknown>> {
  const pg = await postgresStorage();
  cleanups.push(() => pg.cleanup());
  const db = openPostgres(pg.databaseUrl!) as Kysely<unknown>;
  cleanups.push(() => db.destroy());
  // Every table of the schema, so a migration added later cannot be left behind to collide.
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { name } of rows) await sql`drop table if exists ${sql.id(name)} cascade`.execute(db);
  return db;
}

/** Sessions stored before 002 (no obs_tag_mask yet) get their mask from session_tags. */
async function backfill(db: Kysely<unknown>, dialect: Dialect) {
  expect(await migrate(db, dialect, { until: '001-initial' })).toEqual(['001-initial']);
  expect((await migrationStatus(db)).pending).toEqual(MIGRATION_NAMES.slice(1));
  await sql`insert into accounts (id, name, plan, monthly_allocation, period_start, created_at)
    values ('a', 'a', 'developer', 1, 0, 0)`.execute(db);
  for (const [id, tags] of [
    ['s1', ['network', 'audio']],
    ['s2', []],
    ['s3', ['bug']],
  ] as const) {
    await sql`insert into sessions (id, account_id, created_at, title, file_name, file_size, blob_key,
      processor_version, indexed, obs_high) values (${id}, 'a', 1, ${id}, 'f', 1, ${`k/${id}`}, '1.0.0', 1, 1)`.execute(
      db,
    );
    for (const t of tags)
      await sql`insert into session_tags (session_id, account_id, value) values (${id}, 'a', ${t})`.execute(
        db,
      );
  }
  expect(await migrate(db, dialect)).toEqual(MIGRATION_NAMES.slice(1));
  const rows = await sql<{
    id: string;
    m: number;
  }>`select id, obs_tag_mask as m from sessions order by id`.execute(db);
  expect(rows.rows.map((r) => [r.id, Number(r.m)])).toEqual([
    ['s1', TAG_BITS.network | TAG_BITS.audio],
    ['s2', 0],
    ['s3', TAG_BITS.bug],
  ]);
  const repo = new SessionsRepo(db as Kysely<Database>);
  const page = await repo.list(
    'a',
    { observationTags: ['audio', 'bug'], hasHigh: true },
    { limit: 10, offset: 0 },
  );
  expect(page.rows.map((r) => r.id).sort()).toEqual(['s1', 's3']);
  expect(page.totalCount).toBe(2);
  // A node still on the previous version stores a session after the migration: no bits; the repair
  // that `callscope migrate` runs sets them.
  await sql`insert into sessions (id, account_id, created_at, title, file_name, file_size, blob_key,
    processor_version, indexed) values ('s4', 'a', 1, 's4', 'f', 1, 'k/s4', '1.0.0', 1)`.execute(db);
  await sql`insert into session_tags (session_id, account_id, value) values ('s4', 'a', 'cpu')`.execute(db);
  expect(await repairTagMasks(db)).toBe(1);
  expect(await repairTagMasks(db)).toBe(0);
  const s4 = await sql<{ m: number }>`select obs_tag_mask as m from sessions where id = 's4'`.execute(db);
  expect(Number(s4.rows[0]!.m)).toBe(TAG_BITS.cpu);
}

describe('migration 002: tag bits and severity indexes', () => {
  it('SQLite: backfills the mask of existing sessions', async () => {
    const db = emptySqlite();
    await backfill(db, 'sqlite');
    const indexes = await sql<{ name: string }>`select name from sqlite_master
      where type = 'index' and name like 'sessions_%_browser_tags'`.execute(db);
    expect(indexes.rows.map((r) => r.name).sort()).toEqual([
      'sessions_critical_browser_tags',
      'sessions_high_browser_tags',
      'sessions_medium_browser_tags',
    ]);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'PostgreSQL: backfills the mask and creates the partial indexes',
    async () => {
      const db = await emptyPostgres();
      await backfill(db, 'postgres');
      // (Whether the planner picks them at scale is what bench:scale's EXPLAIN shows.)
      const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = current_schema() and indexname like 'sessions_%_browser_tags' order by indexname`.execute(
        db,
      );
      expect(indexes.rows.map((r) => r.indexdef)).toEqual(
        ['critical', 'high', 'medium'].map((sev) =>
          expect.stringMatching(new RegExp(`\\(obs_${sev} > 0\\)$`)),
        ),
      );
    },
  );
});

describe('migration 004: newest-first index covering the filters, tag index', () => {
  const plans = async (db: Kysely<unknown>, where: string) => {
    const detail = async (query: string) =>
      (await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db)).rows
        .map((r) => r.detail)
        .join('\n');
    return {
      page: await detail(
        `select * from sessions where account_id = 'a' ${where} order by created_at desc, id desc limit 100 offset 400`,
      ),
      count: await detail(`select count(*) from sessions where account_id = 'a' ${where}`),
    };
  };

  it('SQLite: pages read the covering index, counts keep their own', async () => {
    const db = emptySqlite();
    await migrate(db, 'sqlite');
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'index'
      and name in ('sessions_account_newest', 'sessions_account_created', 'sessions_account_tags')
      order by name`.execute(db);
    expect(names.rows.map((r) => r.name)).toEqual(['sessions_account_newest', 'sessions_account_tags']);
    const bench = await plans(db, `and browser = 'Chrome' and obs_high > 0 and (obs_tag_mask & 512) <> 0`);
    expect(bench.page).toContain('USING INDEX sessions_account_newest');
    expect(bench.count).toContain('sessions_high_browser_tags');
    expect((await plans(db, 'and (obs_tag_mask & 512) <> 0')).count).toContain('sessions_account_tags');
  });

  it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the tag index only', async () => {
    const pg = await postgresStorage();
    cleanups.push(() => pg.cleanup());
    const db = openPostgres(pg.databaseUrl!) as Kysely<unknown>;
    cleanups.push(() => db.destroy());
    const names = await sql<{ indexname: string }>`select indexname from pg_indexes
      where schemaname = current_schema() and indexname in
      ('sessions_account_newest', 'sessions_account_created', 'sessions_account_tags') order by indexname`.execute(
      db,
    );
    expect(names.rows.map((r) => r.indexname)).toEqual(['sessions_account_created', 'sessions_account_tags']);
  });
});

/**
 * Sessions stored before 005 get their observation type bits from session_flags; a type without
 * a bit (stored by a newer version) is still found there.
 */
async function flagBackfill(db: Kysely<unknown>, dialect: Dialect) {
  const before = MIGRATION_NAMES.indexOf('005-flag-masks');
  expect(await migrate(db, dialect, { until: MIGRATION_NAMES[before - 1]! })).toEqual(
    MIGRATION_NAMES.slice(0, before),
  );
  await sql`insert into accounts (id, name, plan, monthly_allocation, period_start, created_at)
    values ('a', 'a', 'developer', 1, 0, 0)`.execute(db);
  const store = async (id: string, flags: string[]) => {
    await sql`insert into sessions (id, account_id, created_at, title, file_name, file_size, blob_key,
      processor_version, indexed) values (${id}, 'a', 1, ${id}, 'f', 1, ${`k/${id}`}, '1.0.0', 1)`.execute(
      db,
    );
    for (const f of flags)
      await sql`insert into session_flags (session_id, account_id, value) values (${id}, 'a', ${f})`.execute(
        db,
      );
  };
  const sessions: [string, string[]][] = [
    ['s1', ['iceFailure', 'weakSrtpCipher']],
    ['s2', []],
    ['s3', ['futureType']],
    ['s4', ['aecDisabled', 'futureType']],
  ];
  for (const [id, flags] of sessions) await store(id, flags);
  expect(await migrate(db, dialect)).toEqual(MIGRATION_NAMES.slice(before));
  const rows = await sql<Record<string, number | string>>`select id, obs_flags_0, obs_flags_1, obs_flags_2,
    obs_flags_3 from sessions order by id`.execute(db);
  expect(
    rows.rows.map(({ id, ...masks }) => [
      id,
      Object.fromEntries(Object.entries(masks).map(([k, v]) => [k, Number(v)])),
    ]),
  ).toEqual(sessions.map(([id, flags]) => [id, flagColumns(flags)]));
  const repo = new SessionsRepo(db as Kysely<Database>);
  const ids = async (observationFlags: string[]) => {
    const page = await repo.list('a', { observationFlags }, { limit: 10, offset: 0 });
    return { ids: page.rows.map((r) => r.id).sort(), total: page.totalCount };
  };
  expect(await ids(['iceFailure'])).toEqual({ ids: ['s1'], total: 1 });
  expect(await ids(['futureType'])).toEqual({ ids: ['s3', 's4'], total: 2 });
  expect(await ids(['aecDisabled', 'weakSrtpCipher', 'futureType'])).toEqual({
    ids: ['s1', 's3', 's4'],
    total: 3,
  });
  expect(await ids(['cpuLimitation'])).toEqual({ ids: [], total: 0 });
  // A node still on the previous version stores a session: no bits until `callscope migrate`
  // repairs them; a session whose only types have no bit is left alone.
  await store('s5', ['cpuLimitation']);
  expect(await ids(['cpuLimitation'])).toEqual({ ids: [], total: 0 });
  expect(await repairFlagMasks(db)).toBe(1);
  expect(await repairFlagMasks(db)).toBe(0);
  expect(await ids(['cpuLimitation'])).toEqual({ ids: ['s5'], total: 1 });
}

describe('migration 005: observation type bits', () => {
  it('SQLite: backfills the bits, which counts read from indexes alone', async () => {
    const db = emptySqlite();
    await flagBackfill(db, 'sqlite');
    const plan = async (where: string) =>
      (
        await sql<{ detail: string }>`explain query plan ${sql.raw(
          `select count(*) from sessions where account_id = 'a' and ${where}`,
        )}`.execute(db)
      ).rows
        .map((r) => r.detail)
        .join('\n');
    const iceFailure = '(obs_flags_1 & 256) <> 0';
    expect(await plan(iceFailure)).toBe(
      'SEARCH sessions USING COVERING INDEX sessions_account_flags (account_id=?)',
    );
    expect(await plan(`browser = 'Chrome' and ${iceFailure}`)).toBe(
      'SEARCH sessions USING COVERING INDEX sessions_account_filters (account_id=? AND browser=?)',
    );
    for (const other of [`os = 'Linux'`, `score_band = 'low'`, `browser_version = '143' and obs_high > 0`])
      expect(await plan(`${other} and ${iceFailure}`)).toMatch(
        /USING COVERING INDEX sessions_account_filters/,
      );
  });

  it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: backfills the bits', async () => {
    await flagBackfill(await emptyPostgres(), 'postgres');
  });
});
