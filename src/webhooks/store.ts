/**
 * Webhooks and their deliveries in the service database. Deliveries are claimed with a lease
 * (owner and expiry) by one conditional UPDATE; on PostgreSQL its candidate rows are read with
 * FOR UPDATE SKIP LOCKED, so nodes claiming at once take different rows and each delivery is sent
 * by one node. A node that dies mid-attempt leaves a lease that expires; the delivery is then
 * claimed again.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../storage/migration-steps.js';
import type { Database } from '../storage/schema.js';
import { enqueueEvent } from './enqueue.js';
import {
  type Claimed,
  type Delivery,
  type EventType,
  type Format,
  type NewEvent,
  toDelivery,
  toWebhook,
  WEBHOOK_COLUMNS,
  type Webhook,
} from './records.js';
import { type WebhookDatabase, type WebhooksTable, withWebhooks } from './schema.js';

export { enqueueEvent } from './enqueue.js';
export * from './records.js';

export class WebhookStore {
  private readonly db: Kysely<WebhookDatabase>;
  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.db = withWebhooks(db);
  }

  async create(w: {
    accountId: string;
    url: string;
    secret: string;
    events: readonly EventType[];
    format: Format;
    description: string | null;
    now: number;
  }): Promise<Webhook> {
    const row: WebhooksTable = {
      id: randomUUID(),
      account_id: w.accountId,
      url: w.url,
      secret: w.secret,
      events: [...new Set(w.events)].join(','),
      format: w.format,
      description: w.description,
      created_at: w.now,
    };
    await this.db.insertInto('webhooks').values(row).execute();
    return toWebhook(row);
  }

  /** The account's webhooks, oldest first; every account's when none is given (the CLI). */
  async list(accountId?: string): Promise<Webhook[]> {
    let q = this.db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).orderBy('created_at').orderBy('id');
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    return (await q.execute()).map(toWebhook);
  }

  async count(accountId: string): Promise<number> {
    const r = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async get(accountId: string | undefined, id: string): Promise<Webhook | undefined> {
    let q = this.db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? toWebhook(row) : undefined;
  }

  /** Deletes the webhook and (by cascade) its deliveries; false when the account has none of that id. */
  async delete(accountId: string | undefined, id: string): Promise<boolean> {
    let q = this.db.deleteFrom('webhooks').where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Accounts with a webhook that takes `type`. */
  async accountsWith(type: EventType): Promise<string[]> {
    const rows = await this.db.selectFrom('webhooks').select(['account_id', 'events']).execute();
    return [...new Set(rows.filter((r) => r.events.split(',').includes(type)).map((r) => r.account_id))];
  }

  /** Enqueues an event outside any other transaction (the regression check). */
  enqueue(event: NewEvent): Promise<number> {
    return this.db.transaction().execute((trx) => enqueueEvent(trx as unknown as Kysely<Database>, event));
  }

  /** A webhook's deliveries, newest first, a page at a time. */
  async deliveries(
    webhookId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: Delivery[]; totalCount: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const total = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return { rows: rows.map(toDelivery), totalCount: Number(total?.n ?? 0) };
  }

  /**
   * Claims up to `limit` due deliveries for `owner` until `now + leaseMs`: pending, due, and not
   * held by a live lease. The claim is one UPDATE whose conditions hold again at write time.
   */
  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<Claimed[]> {
    let due = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const claimed = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returning(['id', 'webhook_id', 'event_id', 'event_type', 'body', 'attempts', 'created_at'])
      .execute();
    if (claimed.length === 0) return [];
    const hooks = await this.db
      .selectFrom('webhooks')
      .select(['id', 'url', 'secret'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.webhook_id),
      )
      .execute();
    const byId = new Map(hooks.map((h) => [h.id, h]));
    return claimed.flatMap((c) => {
      const hook = byId.get(c.webhook_id);
      if (!hook) return [];
      return [
        {
          id: c.id,
          eventId: c.event_id,
          eventType: c.event_type,
          body: c.body,
          attempts: Number(c.attempts),
          createdAt: Number(c.created_at),
          url: hook.url,
          secret: hook.secret,
        },
      ];
    });
  }

  /**
   * Records an attempt of a delivery `owner` holds: delivered, or failed with its next attempt
   * (null: given up). False when the lease was lost meanwhile (nothing written).
   */
  async record(
    owner: string,
    id: string,
    attempt: { at: number; ok: boolean; status: number | null; error: string | null; next: number | null },
  ): Promise<boolean> {
    const status = attempt.ok ? 'delivered' : attempt.next === null ? 'failed' : 'pending';
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status,
        attempts: eb('attempts', '+', 1),
        last_attempt_at: attempt.at,
        last_status: attempt.status,
        last_error: attempt.error === null ? null : attempt.error.slice(0, 500),
        delivered_at: attempt.ok ? attempt.at : null,
        ...(attempt.next !== null && !attempt.ok ? { next_attempt_at: attempt.next } : {}),
        lease_owner: null,
        lease_until: null,
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Gives back deliveries `owner` claimed but did not try (shutdown): any node may take them now. */
  async release(owner: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: null, lease_until: null })
      .where('id', 'in', [...ids])
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Deletes finished deliveries (delivered or given up) created before `before`. */
  async purge(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('webhook_deliveries')
      .where('status', '<>', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
