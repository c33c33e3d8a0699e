/**
 * The webhook store on one database (store.test.ts runs it on SQLite and PostgreSQL): webhooks
 * per account, deliveries enqueued once per event and webhook, claimed with leases by one owner at
 * a time, attempts recorded by their owner only, the log paged newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../test/support/databases.js';
import type { Storage } from '../storage/index.js';
import { type EventType, enqueueEvent, type NewEvent, WebhookStore } from './store.js';

const T0 = Date.UTC(2026, 11, 1);

const event = (accountId: string, key: string, type: EventType = 'session.analyzed', now = T0): NewEvent => ({
  type,
  accountId,
  dedupeKey: key,
  now,
  body: (format, eventId) => JSON.stringify({ format, eventId, key }),
});

export function webhookStoreContract(name: string, open: () => Promise<TestStorage>, skip = false): void {
  describe.skipIf(skip)(`webhook store (${name})`, () => {
    let t: TestStorage;
    let storage: Storage;
    let store: WebhookStore;
    const account = async () =>
      (await storage.accounts.create({ name: 'hooks', plan: 'developer', credits: 1, email: null })).id;
    const hook = (
      accountId: string,
      events: EventType[] = ['session.analyzed'],
      format: 'json' | 'slack' = 'json',
    ) =>
      store.create({
        accountId,
        url: 'https://hooks.example/x',
        secret: 's',
        events,
        format,
        description: null,
        now: T0,
      });

    beforeAll(async () => {
      t = await open();
      storage = t.storage;
      store = new WebhookStore(storage.database.db, storage.database.dialect);
    });
    afterAll(async () => t?.cleanup());

    it('keeps webhooks per account: another account neither sees nor deletes them', async () => {
      const [a, b] = [await account(), await account()];
      const w = await hook(a, ['session.analyzed', 'insights.regression'], 'slack');
      expect(w).toMatchObject({
        accountId: a,
        events: ['session.analyzed', 'insights.regression'],
        format: 'slack',
      });
      expect((await store.list(a)).map((x) => x.id)).toEqual([w.id]);
      expect(await store.list(b)).toEqual([]);
      expect(await store.get(b, w.id)).toBeUndefined();
      expect(await store.delete(b, w.id)).toBe(false);
      expect(await store.count(a)).toBe(1);
      expect(await store.accountsWith('insights.regression')).toContain(a);
      expect(await store.delete(a, w.id)).toBe(true);
      expect(await store.get(a, w.id)).toBeUndefined();
    });

    it('enqueues an event once per webhook that takes its type, with the body of its format', async () => {
      const a = await account();
      const json = await hook(a);
      const slack = await hook(a, ['session.analyzed'], 'slack');
      const other = await hook(a, ['insights.regression']);
      const written = await storage.database.db
        .transaction()
        .execute((trx) => enqueueEvent(trx, event(a, 'k1')));
      expect(written).toBe(2);
      // The same key again (a second node, a second check): nothing more.
      expect(await store.enqueue(event(a, 'k1'))).toBe(0);
      const [d1] = (await store.deliveries(json.id, { limit: 10, offset: 0 })).rows;
      const [d2] = (await store.deliveries(slack.id, { limit: 10, offset: 0 })).rows;
      expect(d1).toMatchObject({
        status: 'pending',
        attempts: 0,
        eventType: 'session.analyzed',
        nextAttemptAt: T0,
      });
      expect(d1!.eventId).toBe(d2!.eventId);
      expect((await store.deliveries(other.id, { limit: 10, offset: 0 })).totalCount).toBe(0);
      // A rolled-back save leaves no delivery.
      await expect(
        storage.database.db.transaction().execute(async (trx) => {
          await enqueueEvent(trx, event(a, 'k2'));
          throw new Error('save failed');
        }),
      ).rejects.toThrow('save failed');
      expect((await store.deliveries(json.id, { limit: 10, offset: 0 })).totalCount).toBe(1);
      await store.delete(a, json.id);
      await store.delete(a, slack.id);
      await store.delete(a, other.id);
    });

    it('leases each due delivery to one claimer at a time; the lease expires; only its owner records', async () => {
      const a = await account();
      const w = await hook(a);
      for (let i = 0; i < 12; i++) await store.enqueue(event(a, `lease-${i}`));
      const claims = await Promise.all(['n1', 'n2', 'n3'].map((owner) => store.claim(owner, T0, 1_000, 5)));
      const ids = claims.flat().map((c) => c.id);
      expect(ids.length).toBe(new Set(ids).size);
      expect(ids.length).toBe(12);
      expect(claims.flat()[0]).toMatchObject({ url: 'https://hooks.example/x', secret: 's', attempts: 0 });
      expect(await store.claim('n4', T0 + 500, 1_000, 20)).toEqual([]);
      // Expired leases (a node that died) are claimed again.
      const again = await store.claim('n4', T0 + 1_001, 1_000, 20);
      expect(again.length).toBe(12);
      const [first, second, third, ...rest] = again;
      expect(
        await store.record('n1', first!.id, {
          at: T0 + 1_100,
          ok: true,
          status: 200,
          error: null,
          next: null,
        }),
      ).toBe(false);
      expect(
        await store.record('n4', first!.id, {
          at: T0 + 1_100,
          ok: true,
          status: 200,
          error: null,
          next: null,
        }),
      ).toBe(true);
      expect(
        await store.record('n4', second!.id, {
          at: T0 + 1_100,
          ok: false,
          status: 500,
          error: 'HTTP 500',
          next: T0 + 60_000,
        }),
      ).toBe(true);
      expect(
        await store.record('n4', third!.id, {
          at: T0 + 1_100,
          ok: false,
          status: null,
          error: 'timed out',
          next: null,
        }),
      ).toBe(true);
      await store.release(
        'n4',
        rest.map((r) => r.id),
      );
      // Released ones are due again at once; the failed one when its retry is due.
      expect((await store.claim('n5', T0 + 1_200, 1_000, 20)).length).toBe(rest.length);
      const retry = await store.claim('n6', T0 + 60_000, 1_000, 20);
      expect(retry.map((r) => r.id)).toContain(second!.id);
      expect(retry.find((r) => r.id === second!.id)!.attempts).toBe(1);
      const log = await store.deliveries(w.id, { limit: 100, offset: 0 });
      const byId = new Map(log.rows.map((r) => [r.id, r]));
      expect(byId.get(first!.id)).toMatchObject({
        status: 'delivered',
        attempts: 1,
        lastStatus: 200,
        deliveredAt: T0 + 1_100,
        nextAttemptAt: null,
      });
      expect(byId.get(second!.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatus: 500,
        lastError: 'HTTP 500',
      });
      expect(byId.get(third!.id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastStatus: null,
        lastError: 'timed out',
      });
      // Purged once finished and old; pending ones stay.
      expect(await store.purge(T0 + 1)).toBe(2);
      expect((await store.deliveries(w.id, { limit: 100, offset: 0 })).totalCount).toBe(10);
    });

    it('pages the log newest first', async () => {
      const a = await account();
      const w = await hook(a);
      for (let i = 0; i < 7; i++) await store.enqueue(event(a, `page-${i}`, 'session.analyzed', T0 + i));
      const p1 = await store.deliveries(w.id, { limit: 3, offset: 0 });
      const p3 = await store.deliveries(w.id, { limit: 3, offset: 6 });
      expect(p1.totalCount).toBe(7);
      expect(p1.rows.map((r) => r.createdAt)).toEqual([T0 + 6, T0 + 5, T0 + 4]);
      expect(p3.rows.map((r) => r.createdAt)).toEqual([T0]);
      // Deleting the webhook takes its deliveries with it.
      await store.delete(a, w.id);
      expect((await store.deliveries(w.id, { limit: 3, offset: 0 })).totalCount).toBe(0);
      expect(await store.claim('x', T0 + 100, 1_000, 100)).toEqual([]);
    });
  });
}
