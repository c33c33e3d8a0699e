/** What the webhook store reads and writes, as the rest of the code sees it, and the row mappers. */
import type { WebhookDeliveriesTable, WebhooksTable } from './schema.js';

export const EVENT_TYPES = ['session.analyzed', 'insights.regression'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const FORMATS = ['json', 'slack'] as const;
export type Format = (typeof FORMATS)[number];

export interface Webhook {
  id: string;
  accountId: string;
  url: string;
  events: EventType[];
  format: Format;
  description: string | null;
  createdAt: number;
}

export interface Delivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: EventType;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
}

/** A claimed delivery, with what sending it needs. */
export interface Claimed {
  id: string;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  createdAt: number;
  url: string;
  secret: string;
}

/** An event as the code that raises it gives it: the body is made per webhook (its format). */
export interface NewEvent {
  type: EventType;
  accountId: string;
  /** Unique per webhook: the same key is enqueued once (a session, a regression in a period). */
  dedupeKey: string;
  now: number;
  body(format: Format, eventId: string): string;
}

export const toWebhook = (r: Omit<WebhooksTable, 'secret'>): Webhook => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  events: r.events.split(',').filter(Boolean) as EventType[],
  format: r.format as Format,
  description: r.description,
  createdAt: Number(r.created_at),
});

const orNull = (v: number | null) => (v === null ? null : Number(v));
export const toDelivery = (r: WebhookDeliveriesTable): Delivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  eventId: r.event_id,
  eventType: r.event_type as EventType,
  status: r.status as Delivery['status'],
  attempts: Number(r.attempts),
  createdAt: Number(r.created_at),
  nextAttemptAt: r.status === 'pending' ? Number(r.next_attempt_at) : null,
  lastAttemptAt: orNull(r.last_attempt_at),
  lastStatus: orNull(r.last_status),
  lastError: r.last_error,
  deliveredAt: orNull(r.delivered_at),
});

export const WEBHOOK_COLUMNS = [
  'id',
  'account_id',
  'url',
  'events',
  'format',
  'description',
  'created_at',
] as const;
