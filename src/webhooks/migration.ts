import type { Migration } from '../storage/migration-steps.js';

/** Migration 010: webhooks per account and their deliveries, kept so that they survive a restart. */
export const WEBHOOKS_MIGRATION: Migration = {
  name: '010-webhooks',
  async up(db, t) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_account').on('webhooks').columns(['account_id']).execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('dedupe_key', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('next_attempt_at', t.time, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', t.time)
      .addColumn('last_attempt_at', t.time)
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', t.time)
      .execute();
    // One delivery per event and webhook, whichever node (or check) enqueues it.
    await db.schema
      .createIndex('webhook_deliveries_dedupe')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'dedupe_key'])
      .unique()
      .execute();
    // The dispatcher's claim reads the due ones; the log reads a webhook's newest.
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_log')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created_at'])
      .execute();
  },
};
