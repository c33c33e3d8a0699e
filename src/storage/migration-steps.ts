import { type Kysely, sql } from 'kysely';
import { WEBHOOKS_MIGRATION } from '../webhooks/migration.js';
import { FLAG_COLUMNS } from './flag-mask.js';
import { repairFlagMasks, repairTagMasks } from './mask-repair.js';
import { INSIGHTS_MIGRATION } from './migration-insights.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Types {
  dialect: Dialect;
  time: 'bigint' | 'integer';
  bytes: 'bytea' | 'blob';
  real: 'double precision' | 'real';
}

export interface Migration {
  name: string;
  up(db: Kysely<unknown>, t: Types): Promise<void>;
}

/** Schema changes in order. Never edit a released one: add the next. */
export const MIGRATIONS: Migration[] = [
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
  {
    // Live collection (src/collect): collect-scope tokens may be limited to browser origins, and
    // each collected call has a row while its dump is written, analyzed, or kept without credits.
    name: '006-collect',
    async up(db, t) {
      await db.schema.alterTable('tokens').addColumn('origins', 'text').execute();
      await db.schema
        .createTable('collect_calls')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('token_id', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('client_key', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes', t.time, (c) => c.notNull().defaultTo(0))
        .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', t.time, (c) => c.notNull())
        .addColumn('seen_at', t.time, (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('collect_calls_state')
        .on('collect_calls')
        .columns(['state', 'seen_at'])
        .execute();
      await db.schema
        .createIndex('collect_calls_client_key')
        .on('collect_calls')
        .columns(['account_id', 'client_key'])
        .execute();
    },
  },
  {
    // Idempotency-Key records name the process running their first request and how long it holds
    // them (its lease, renewed while it runs): a retry takes over a key whose process is gone
    // rather than waiting for an answer that never comes (service/idempotent.ts).
    name: '007-idempotency-owner',
    async up(db, t) {
      await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
      await db.schema.alterTable('idempotency_keys').addColumn('lease_until', t.time).execute();
    },
  },
  INSIGHTS_MIGRATION,
  {
    // The written summary of an analysis (CALLSCOPE_AI_URL), stored beside the payload: it arrives
    // after the session is saved, and a re-analysis clears it.
    name: '009-ai-summary',
    async up(db) {
      await db.schema.alterTable('sessions').addColumn('ai_summary', 'text').execute();
    },
  },
  WEBHOOKS_MIGRATION,
];
