/**
 * One behaviour for every database: this suite runs against SQLite and PostgreSQL
 * (sqlite/sqlite.test.ts, postgres/postgres.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../test/support/databases.js';
import { HoldLostError, type Storage } from './index.js';
import { insightsContract } from './insights.contract.js';
import { sessionOrderContract } from './session-order.contract.js';
import { sessionsContract } from './sessions.contract.js';

const JAN = Date.UTC(2026, 0, 15);
const FEB = Date.UTC(2026, 1, 2);

export function storageContract(name: string, open: () => Promise<TestStorage>, skip = false): void {
  describe.skipIf(skip)(`storage contract: ${name}`, () => {
    let t: TestStorage;
    let s: Storage;
    beforeAll(async () => {
      t = await open();
      s = t.storage;
    });
    afterAll(async () => t?.cleanup());

    describe('accounts and credits', () => {
      it('creates an account with its monthly credits', async () => {
        const a = await s.accounts.create({ name: 'Acme', plan: 'developer', credits: 3, now: JAN });
        expect(await s.accounts.get(a.id)).toMatchObject({ name: 'Acme', plan: 'developer', email: null });
        expect(await s.accounts.quota(a.id, JAN)).toEqual({
          accountName: 'Acme',
          accountPlan: 'developer',
          allowedCredits: 3,
          remainingCredits: 3,
        });
        expect(await s.accounts.get('nope')).toBeUndefined();
      });

      it('withdraws and restores API access', async () => {
        const a = await s.accounts.create({ name: 'Api', plan: 'developer', credits: 1, now: JAN });
        expect((await s.accounts.get(a.id))?.apiAccess).toBe(true);
        expect(await s.accounts.setApiAccess(a.id, false)).toBe(true);
        expect((await s.accounts.get(a.id))?.apiAccess).toBe(false);
        expect((await s.accounts.list()).find((x) => x.id === a.id)?.apiAccess).toBe(false);
        expect(await s.accounts.setApiAccess(a.id, true)).toBe(true);
        expect((await s.accounts.get(a.id))?.apiAccess).toBe(true);
        expect(await s.accounts.setApiAccess('nope', false)).toBe(false);
      });

      it('holds, settles and releases credits; purchased ones are used after the monthly ones', async () => {
        const a = await s.accounts.create({ name: 'B', plan: 'trial_developer', credits: 1, now: JAN });
        await s.accounts.addCredits(a.id, 2);
        expect(await s.accounts.quota(a.id, JAN)).toMatchObject({ allowedCredits: 3, remainingCredits: 3 });
        const first = await s.accounts.hold(a.id, JAN);
        const second = await s.accounts.hold(a.id, JAN);
        expect(first).toBeDefined();
        expect(second).toBeDefined();
        expect(await s.accounts.quota(a.id, JAN)).toMatchObject({ allowedCredits: 3, remainingCredits: 1 });
        await s.accounts.settle(first!);
        await s.accounts.release(second!);
        await s.accounts.release(second!); // twice: no double refund
        expect(await s.accounts.quota(a.id, JAN)).toMatchObject({ allowedCredits: 3, remainingCredits: 2 });
        expect(await s.accounts.hold(a.id, JAN)).toBeDefined();
        expect(await s.accounts.hold(a.id, JAN)).toBeDefined();
        expect(await s.accounts.hold(a.id, JAN)).toBeUndefined();
        expect(await s.accounts.quota(a.id, JAN)).toMatchObject({ allowedCredits: 3, remainingCredits: 0 });
      });

      it('never lets concurrent requests overspend', async () => {
        const a = await s.accounts.create({ name: 'C', plan: 'developer', credits: 5, now: JAN });
        const holds = await Promise.all(Array.from({ length: 20 }, () => s.accounts.hold(a.id, JAN)));
        expect(holds.filter(Boolean)).toHaveLength(5);
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(0);
      });

      it('renews monthly credits when the month changes, keeping purchased ones', async () => {
        const a = await s.accounts.create({ name: 'D', plan: 'developer', credits: 2, now: JAN });
        await s.accounts.addCredits(a.id, 1);
        for (let i = 0; i < 3; i++) await s.accounts.settle((await s.accounts.hold(a.id, JAN))!);
        expect(await s.accounts.quota(a.id, JAN)).toMatchObject({ allowedCredits: 3, remainingCredits: 0 });
        expect(await s.accounts.quota(a.id, FEB)).toMatchObject({ allowedCredits: 2, remainingCredits: 2 });
      });

      it('gives back holds left by a crashed process', async () => {
        const a = await s.accounts.create({ name: 'E', plan: 'developer', credits: 1, now: JAN });
        await s.accounts.hold(a.id, JAN);
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(0);
        expect(await s.accounts.releaseStaleHolds(JAN + 1)).toBeGreaterThanOrEqual(1);
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(1);
      });

      it('names holds, and settles a hold given back meanwhile by taking a credit again', async () => {
        const a = await s.accounts.create({ name: 'H', plan: 'developer', credits: 2, now: JAN });
        const id = '00000000-0000-4000-8000-00000000a001';
        expect(await s.accounts.hold(a.id, JAN, id)).toBe(id);
        expect([...(await s.accounts.existingHolds([id, 'nope']))]).toEqual([id]);
        expect(await s.accounts.holdCount(a.id)).toBe(1);
        // Housekeeping gives it back while the work still runs…
        expect(await s.accounts.releaseStaleHolds(JAN + 1)).toBeGreaterThanOrEqual(1);
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(2);
        // …and the work, finishing, pays again: spent once in all.
        expect(await s.accounts.settle(id, undefined, { accountId: a.id, now: JAN })).toBe('recharged');
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(1);
        // With nothing left (or no account to charge), the settle fails and nothing is spent.
        const last = (await s.accounts.hold(a.id, JAN))!;
        await s.accounts.release(last);
        await s.accounts.hold(a.id, JAN);
        await expect(
          s.accounts.settle(last, undefined, { accountId: a.id, now: JAN }),
        ).rejects.toBeInstanceOf(HoldLostError);
        await expect(s.accounts.settle('gone')).rejects.toBeInstanceOf(HoldLostError);
        expect((await s.accounts.quota(a.id, JAN))!.remainingCredits).toBe(0);
      });
    });

    describe('tokens and settings', () => {
      it('stores, lists and revokes tokens', async () => {
        const a = await s.accounts.create({ name: 'T', plan: 'developer', credits: 1 });
        await s.tokens.insert({
          id: 'tok-1',
          accountId: a.id,
          name: 'ci',
          scope: 'read_only',
          tokenHash: 'h1',
          createdAt: 1,
        });
        expect(await s.tokens.get('tok-1')).toEqual({
          id: 'tok-1',
          accountId: a.id,
          name: 'ci',
          scope: 'read_only',
          tokenHash: 'h1',
          createdAt: 1,
          revokedAt: null,
          origins: null,
        });
        expect((await s.tokens.list(a.id)).map((x) => x.id)).toEqual(['tok-1']);
        expect(await s.tokens.revoke('tok-1', 5)).toBe(true);
        expect(await s.tokens.revoke('tok-1', 6)).toBe(false);
        expect((await s.tokens.get('tok-1'))!.revokedAt).toBe(5);
      });

      it('keeps the first value of a setting', async () => {
        expect(await s.settings.getOrInit('k', () => 'first')).toBe('first');
        expect(await s.settings.getOrInit('k', () => 'second')).toBe('first');
      });
    });

    sessionsContract(() => s);
    sessionOrderContract(() => s);
    insightsContract(() => s);

    describe('chunks, idempotency, MCP sessions, rate counters', () => {
      it('keeps chunks per account and file, replacing a re-sent index', async () => {
        expect(
          await s.chunks.put('a1', 'f', { index: 1, size: 3, blobKey: 'k1', createdAt: 10 }),
        ).toBeUndefined();
        await s.chunks.put('a1', 'f', { index: 0, size: 5, blobKey: 'k0', createdAt: 10 });
        expect(await s.chunks.put('a1', 'f', { index: 1, size: 4, blobKey: 'k1b', createdAt: 11 })).toBe(
          'k1',
        );
        await s.chunks.put('a2', 'f', { index: 0, size: 9, blobKey: 'other', createdAt: 10 });
        expect((await s.chunks.list('a1', 'f')).map((c) => [c.index, c.size, c.blobKey])).toEqual([
          [0, 5, 'k0'],
          [1, 4, 'k1b'],
        ]);
        expect((await s.chunks.remove('a1', 'f')).sort()).toEqual(['k0', 'k1b']);
        expect(await s.chunks.list('a1', 'f')).toEqual([]);
        expect(await s.chunks.expire(11)).toEqual(['other']);
      });

      it('sums the chunks of a file and tells whether a chunk file is on record', async () => {
        await s.chunks.put('t1', 'f', { index: 0, size: 5, blobKey: 'chunks/t1/f/0', createdAt: 10 });
        await s.chunks.put('t1', 'f', { index: 1, size: 7, blobKey: 'chunks/t1/f/1', createdAt: 10 });
        expect(await s.chunks.totals('t1', 'f')).toEqual({ count: 2, bytes: 12 });
        expect(await s.chunks.totals('t1', 'f', 1)).toEqual({ count: 1, bytes: 5 });
        expect(await s.chunks.totals('t1', 'none')).toEqual({ count: 0, bytes: 0 });
        expect(await s.chunks.hasBlob('t1', 'f', 1, 'chunks/t1/f/1')).toBe(true);
        expect(await s.chunks.hasBlob('t1', 'f', 1, 'chunks/t1/f/9')).toBe(false);
        expect(await s.chunks.hasBlob('t1', 'f', 2, 'chunks/t1/f/2')).toBe(false);
        await s.chunks.remove('t1', 'f');
      });

      it('runs an idempotent request once', async () => {
        expect(await s.idempotency.begin('a', 'key', 'h')).toEqual({ kind: 'new' });
        expect(await s.idempotency.begin('a', 'key', 'h')).toEqual({ kind: 'pending' });
        expect(await s.idempotency.begin('a', 'key', 'other')).toEqual({ kind: 'mismatch' });
        expect(await s.idempotency.begin('b', 'key', 'h')).toEqual({ kind: 'new' });
        await s.idempotency.complete('a', 'key', 200, new Uint8Array([1, 2]));
        const done = await s.idempotency.begin('a', 'key', 'h');
        expect(done.kind).toBe('done');
        if (done.kind === 'done') expect([done.statusCode, [...done.response]]).toEqual([200, [1, 2]]);
        await s.idempotency.abandon('b', 'key');
        expect(await s.idempotency.begin('b', 'key', 'h')).toEqual({ kind: 'new' });
        // A key left pending by a process that died is forgotten once old; done ones stay.
        expect(await s.idempotency.begin('c', 'key', 'h', 100)).toEqual({ kind: 'new' });
        expect(await s.idempotency.abandonPending(101)).toBeGreaterThanOrEqual(1);
        expect(await s.idempotency.begin('c', 'key', 'h', 200)).toEqual({ kind: 'new' });
        expect((await s.idempotency.begin('a', 'key', 'h')).kind).toBe('done');
      });

      it('hands a pending key over when its holder is gone or its lease ran out, to one claimant', async () => {
        const claim = (owner: string, leaseUntil: number, gone: string[] = []) => ({
          owner,
          leaseUntil,
          ownerGone: (o: string) => gone.includes(o),
        });
        expect(await s.idempotency.begin('l', 'k', 'h', 1_000, claim('n1', 11_000))).toEqual({ kind: 'new' });
        // Held and renewed: others wait.
        expect(await s.idempotency.begin('l', 'k', 'h', 5_000, claim('n2', 15_000))).toEqual({
          kind: 'pending',
        });
        expect(await s.idempotency.renew('l', 'k', 'n1', 20_000)).toBe(true);
        expect(await s.idempotency.begin('l', 'k', 'h', 15_000, claim('n2', 25_000))).toEqual({
          kind: 'pending',
        });
        // Its process is gone: taken over at once, by one of two claimants.
        const both = await Promise.all([
          s.idempotency.begin('l', 'k', 'h', 16_000, claim('n2', 26_000, ['n1'])),
          s.idempotency.begin('l', 'k', 'h', 16_000, claim('n3', 26_000, ['n1'])),
        ]);
        expect(both.map((b) => b.kind).sort()).toEqual(['new', 'pending']);
        const winner = both[0]!.kind === 'new' ? 'n2' : 'n3';
        // The old holder can neither renew, complete nor abandon it any more.
        expect(await s.idempotency.renew('l', 'k', 'n1', 30_000)).toBe(false);
        await s.idempotency.complete('l', 'k', 200, new Uint8Array([9]), 'n1');
        await s.idempotency.abandon('l', 'k', 'n1');
        expect(await s.idempotency.begin('l', 'k', 'h', 17_000, claim('n4', 27_000))).toEqual({
          kind: 'pending',
        });
        // The lease runs out without renewal: the next claimant takes it.
        expect(await s.idempotency.begin('l', 'k', 'h', 26_001, claim('n4', 36_001))).toEqual({
          kind: 'new',
        });
        expect(await s.idempotency.renew('l', 'k', winner, 40_000)).toBe(false);
        await s.idempotency.complete('l', 'k', 200, new Uint8Array([7]), 'n4');
        const done = await s.idempotency.begin('l', 'k', 'h', 50_000, claim('n5', 60_000, ['n4']));
        expect(done.kind === 'done' && [...done.response]).toEqual([7]);
        // A stored answer can be forgotten (a fileId's chunks sent anew); a pending key cannot.
        await s.idempotency.forgetDone('l', 'k');
        expect(await s.idempotency.begin('l', 'k', 'h', 51_000, claim('n5', 61_000))).toEqual({
          kind: 'new',
        });
        await s.idempotency.forgetDone('l', 'k');
        expect(await s.idempotency.begin('l', 'k', 'h', 52_000, claim('n6', 62_000))).toEqual({
          kind: 'pending',
        });
        // Expiry by key prefix: only the keys that start with it, wildcards taken as they are.
        await s.idempotency.begin('l', 'p_x', 'h', 1_000);
        await s.idempotency.begin('l', 'p%y', 'h', 1_000);
        expect(await s.idempotency.expire(2_000, 'p%')).toBe(1);
        expect(await s.idempotency.begin('l', 'p_x', 'h', 3_000)).toEqual({ kind: 'pending' });
      });

      it('keeps MCP sessions until deleted or idle', async () => {
        await s.mcpSessions.create({
          id: 'm1',
          accountId: null,
          protocolVersion: '2025-11-25',
          createdAt: 1,
          lastSeenAt: 1,
        });
        await s.mcpSessions.touch('m1', 50);
        expect(await s.mcpSessions.get('m1')).toMatchObject({
          lastSeenAt: 50,
          protocolVersion: '2025-11-25',
        });
        expect(await s.mcpSessions.expire(10)).toBe(0);
        expect(await s.mcpSessions.delete('m1')).toBe(true);
        expect(await s.mcpSessions.delete('m1')).toBe(false);
      });

      it('counts requests per window, exactly under concurrency', async () => {
        const hits = await Promise.all(
          Array.from({ length: 25 }, () => s.rateCounters.hit('acc', 'reads', 1000)),
        );
        expect([...hits].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
        expect(await s.rateCounters.hit('acc', 'reads', 2000)).toBe(1);
        expect(await s.rateCounters.hit('acc', 'ingest', 1000)).toBe(1);
      });
    });
  });
}
