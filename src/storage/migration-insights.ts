import type { Kysely } from 'kysely';
import { rebuildCells } from './insights.js';
import type { Migration } from './migration-steps.js';
import type { Database } from './schema.js';

/** Migration 008: the insights' session figures, observation facts and rollup cells (docs/insights.md). */
export const INSIGHTS_MIGRATION: Migration = {
  // Insights (docs/insights.md): the figures of each session beyond its abstract, each observation
  // type and cause with its worst severity, and the rollup cells the answers come from. Sessions
  // stored before have no figures but their experience score, band and severities (insight_facts
  // 0): their cells are built here from what their rows hold, and a re-analysis completes them.
  name: '008-insights',
  async up(db, t) {
    for (const column of [
      'audio_score',
      'video_score',
      'connectivity_score',
      'observations_score',
      'rtt_ms',
      'jitter_ms',
      'loss_percent',
      'bitrate_in_kbps',
      'bitrate_out_kbps',
    ])
      await db.schema.alterTable('sessions').addColumn(column, t.real).execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('insight_facts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // A call start range of a scan (filters the rollups cannot answer) reads this index.
    await db.schema
      .createIndex('sessions_account_call_start')
      .on('sessions')
      .columns(['account_id', 'call_start'])
      .execute();
    await db.schema
      .createTable('session_observations')
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_observations_pk', ['session_id', 'kind', 'type'])
      .execute();
    await db.schema
      .createTable('insight_cells')
      .addColumn('cell_id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('start_day', 'integer')
      .addColumn('created_day', 'integer', (c) => c.notNull())
      .addColumn('browser', 'text')
      .addColumn('browser_version', 'text')
      .addColumn('os', 'text')
      .addColumn('connectivity', 'text')
      .addColumn('processor_version', 'text', (c) => c.notNull())
      .addColumn('score_band', 'text', (c) => c.notNull())
      .addColumn('sev_mask', 'integer', (c) => c.notNull())
      .addColumn('sessions', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    // The key columns after the day: a filtered month is tested on index entries and reads only
    // the cells that match (SQLite, 30 000 sessions over 110 days, a month with os + hasHigh:
    // 12 -> 5 ms for the cells' query).
    await db.schema
      .createIndex('insight_cells_start')
      .on('insight_cells')
      .columns([
        'account_id',
        'start_day',
        'os',
        'browser',
        'browser_version',
        'connectivity',
        'processor_version',
        'score_band',
        'sev_mask',
      ])
      .execute();
    await db.schema
      .createIndex('insight_cells_created')
      .on('insight_cells')
      .columns(['account_id', 'created_day'])
      .execute();
    await rebuildCells(db as Kysely<Database>);
  },
};
