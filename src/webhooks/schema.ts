/**
 * The webhook tables (migration 010-webhooks), typed apart from the service's schema.ts: the
 * webhook code reads them through `withWebhooks`, so the shared table list stays as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** The signing secret (HMAC-SHA256 key), shown once at creation. */
  secret: string;
  /** Comma-separated event types. */
  events: string;
  /** json or slack (`{text}`). */
  format: string;
  description: string | null;
  created_at: number;
}

/** One event for one webhook: the body to send, and where its attempts stand. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  /** Unique per webhook: the same event (a session, a regression in a period) is sent once. */
  dedupe_key: string;
  body: string;
  /** pending, delivered or failed (given up after the retry window). */
  status: string;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  /** The node sending it now, and until when its claim holds. */
  lease_owner: string | null;
  lease_until: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookDatabase = Database & WebhookTables;

/** The service's database handle (or a transaction of it) seen with the webhook tables. */
export const withWebhooks = (db: Kysely<Database>): Kysely<WebhookDatabase> =>
  db as unknown as Kysely<WebhookDatabase>;
