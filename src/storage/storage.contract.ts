/**
 * One behaviour for every database: this suite runs against SQLite and PostgreSQL
 * (sqlite/sqlite.test.ts, postgres/postgres.test.ts).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../test/support/databases.js';
import { HoldLostError, type NewSession, type SessionAbstract, type Storage } from './index.js';

const JAN = Date.UTC(2026, 0, 15);
const FEB = Date.UTC(2026, 1, 2);

const abstract = (over: Partial<SessionAbstract> = {}): SessionAbstract => ({
  observationFlags: [],
  observationTags: [],
  browser: 'Chrome',
  browserVersion: '144',
  os: 'Linux',
  osVersion: null,
  conferenceId: null,
  sessionId: null,
  userId: null,
  experienceScore: 85,
  connectivity: 'DIRECT/UDP',
  observationsCritical: 0,
  observationsHigh: 0,
  observationsMedium: 0,
  scoreBand: 'high',
  ...over,
});

let n = 0;
const newSession = (accountId: string, over: Partial<NewSession> = {}): NewSession => {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    accountId,
    createdAt: 1_700_000_000_000 + n * 1000,
    title: `call ${n}`,
    fileName: `dump-${n}.txt`,
    fileSize: 1234,
    blobKey: `sessions/${accountId}/${n}`,
    processorVersion: '1.0.0',
    payload: gzipSync(JSON.stringify({ n })),
    uploadedBy: accountId,
    uploadedByEmail: null,
    callStart: 1_700_000_000_000,
    callEnd: 1_700_000_030_000,
    abstract: abstract(),
    ...over,
  };
};

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

    describe('sessions', () => {
      let mine: string;
      let other: string;
      beforeAll(async () => {
        mine = (await s.accounts.create({ name: 'S', plan: 'developer', credits: 100 })).id;
        other = (await s.accounts.create({ name: 'O', plan: 'developer', credits: 100 })).id;
      });

      it('stores a session with its abstract and payload, visible only to its account', async () => {
        const ns = newSession(mine, {
          title: 'Weekly 100%_sync',
          abstract: abstract({
            observationFlags: ['iceFailure'],
            observationTags: ['connectivity', 'network'],
            observationsCritical: 1,
          }),
        });
        await s.sessions.insert(ns);
        const row = await s.sessions.get(mine, ns.id);
        expect(row).toMatchObject({
          id: ns.id,
          title: 'Weekly 100%_sync',
          tags: [],
          publicLink: null,
          fileSize: 1234,
        });
        expect(row!.abstract).toMatchObject({
          observationFlags: ['iceFailure'],
          observationTags: ['connectivity', 'network'],
        });
        expect(Buffer.from((await s.sessions.payload(mine, ns.id))!)).toEqual(Buffer.from(ns.payload));
        expect(await s.sessions.get(other, ns.id)).toBeUndefined();
        expect(await s.sessions.payload(other, ns.id)).toBeUndefined();
        expect(await s.sessions.delete(other, ns.id)).toBeUndefined();
      });

      it('finds stored session ids in batches, and stores NUL characters as U+FFFD', async () => {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          const ns = newSession(mine, i === 0 ? { title: 'a\u0000b', fileName: '\u0000' } : {});
          await s.sessions.insert(ns);
          ids.push(ns.id);
        }
        const asked = [...ids, ...Array.from({ length: 600 }, (_, i) => `none-${i}`)];
        expect([...(await s.sessions.existingIds(asked))].sort()).toEqual([...ids].sort());
        const row = await s.sessions.get(mine, ids[0]!);
        expect([row!.title, row!.fileName]).toEqual(['a\uFFFDb', '\uFFFD']);
        const page = await s.sessions.list(mine, { name: ['a\u0000b'] }, { limit: 10, offset: 0 });
        expect(page.rows.map((r) => r.id)).toEqual([ids[0]]);
        for (const id of ids) await s.sessions.delete(mine, id);
      });

      it('settles a credit in the same transaction, and stores nothing when that fails', async () => {
        const hold = (await s.accounts.hold(mine))!;
        const ok = newSession(mine);
        await s.sessions.insert(ok, (trx) => s.accounts.settle(hold, trx));
        expect(await s.sessions.get(mine, ok.id)).toBeDefined();
        const failing = newSession(mine);
        await expect(
          s.sessions.insert(failing, async () => {
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await s.sessions.get(mine, failing.id)).toBeUndefined();
      });

      it('filters, pages and counts', async () => {
        const acc = (await s.accounts.create({ name: 'F', plan: 'developer', credits: 1 })).id;
        const put = (over: Partial<NewSession>) => s.sessions.insert(newSession(acc, over));
        await put({
          title: 'Alpha standup',
          abstract: abstract({
            browser: 'Firefox',
            browserVersion: '130',
            os: 'Windows',
            scoreBand: 'low',
            experienceScore: 40,
            observationsHigh: 2,
            observationFlags: ['networkAudioLossIn'],
            observationTags: ['network', 'audio'],
          }),
        });
        await put({
          title: 'beta review',
          abstract: abstract({
            userId: 'u1',
            conferenceId: 'c1',
            sessionId: 's1',
            scoreBand: 'medium',
            experienceScore: 70,
            observationsMedium: 1,
            observationFlags: ['relayOverTls'],
            observationTags: ['network'],
          }),
        });
        await put({ title: 'Gamma', abstract: abstract({ scoreBand: 'unrated', experienceScore: null }) });
        await put({
          title: 'alpha retro',
          abstract: abstract({
            os: 'macOS',
            observationsCritical: 1,
            observationFlags: ['iceFailure'],
            observationTags: ['connectivity'],
          }),
        });
        const titles = async (f: Parameters<Storage['sessions']['list']>[1], limit = 100, offset = 0) => {
          const page = await s.sessions.list(acc, f, { limit, offset });
          return { titles: page.rows.map((r) => r.title), total: page.totalCount };
        };
        expect(await titles({})).toEqual({
          titles: ['alpha retro', 'Gamma', 'beta review', 'Alpha standup'],
          total: 4,
        });
        expect((await titles({ name: ['ALPHA'] })).titles).toEqual(['alpha retro', 'Alpha standup']);
        expect((await titles({ name: ['gam', 'beta'] })).titles).toEqual(['Gamma', 'beta review']);
        expect((await titles({ name: ['%'] })).titles).toEqual([]);
        expect((await titles({ observationTags: ['audio', 'connectivity'] })).titles).toEqual([
          'alpha retro',
          'Alpha standup',
        ]);
        expect((await titles({ observationFlags: ['relayOverTls'] })).titles).toEqual(['beta review']);
        expect((await titles({ browser: 'Firefox' })).titles).toEqual(['Alpha standup']);
        expect((await titles({ browserVersion: '144' })).total).toBe(3);
        expect((await titles({ os: 'macOS' })).titles).toEqual(['alpha retro']);
        expect((await titles({ userId: 'u1', conferenceId: 'c1', sessionId: 's1' })).titles).toEqual([
          'beta review',
        ]);
        expect((await titles({ userId: 'u2' })).titles).toEqual([]);
        expect((await titles({ hasCritical: true })).titles).toEqual(['alpha retro']);
        expect((await titles({ hasHigh: true })).titles).toEqual(['Alpha standup']);
        expect((await titles({ hasMedium: true })).titles).toEqual(['beta review']);
        expect((await titles({ hasCritical: false })).total).toBe(3);
        expect((await titles({ hasLowScore: true })).titles).toEqual(['Alpha standup']);
        expect((await titles({ hasMediumScore: true })).titles).toEqual(['beta review']);
        expect((await titles({ hasHighScore: true })).titles).toEqual(['alpha retro']);
        expect(
          (await titles({ name: ['alpha'], observationTags: ['network'], hasHigh: true })).titles,
        ).toEqual(['Alpha standup']);
        expect(await titles({}, 2, 0)).toEqual({ titles: ['alpha retro', 'Gamma'], total: 4 });
        expect(await titles({}, 2, 2)).toEqual({ titles: ['beta review', 'Alpha standup'], total: 4 });
        expect(await titles({}, 2, 4)).toEqual({ titles: [], total: 4 });
      });

      it('patches, shares, re-analyzes and deletes', async () => {
        const ns = newSession(mine, {
          abstract: abstract({ observationFlags: ['a'], observationTags: ['audio'] }),
        });
        await s.sessions.insert(ns);
        expect(
          await s.sessions.patch(mine, ns.id, {
            title: 'New',
            description: 'd',
            tags: ['x', 'y'],
            publicLink: 'link-1',
          }),
        ).toBe(true);
        expect(await s.sessions.patch(other, ns.id, { title: 'Hijack' })).toBe(false);
        expect(await s.sessions.get(mine, ns.id)).toMatchObject({
          title: 'New',
          description: 'd',
          tags: ['x', 'y'],
          publicLink: 'link-1',
        });
        expect((await s.sessions.getByPublicLink('link-1'))!.id).toBe(ns.id);
        await s.sessions.replaceAnalysis(mine, ns.id, {
          processorVersion: '2.0.0',
          payload: gzipSync('{}'),
          callStart: null,
          callEnd: null,
          abstract: abstract({ observationFlags: ['b'], observationTags: ['video'] }),
        });
        const row = await s.sessions.get(mine, ns.id);
        expect(row).toMatchObject({ processorVersion: '2.0.0', callStart: null });
        expect(row!.abstract).toMatchObject({ observationFlags: ['b'], observationTags: ['video'] });
        // The tag filter follows the re-analysis (tags are also bits on the row: tag-mask.ts).
        const tagged = async (tags: string[]) =>
          (await s.sessions.list(mine, { observationTags: tags }, { limit: 10, offset: 0 })).rows.map(
            (r) => r.id,
          );
        expect(await tagged(['video'])).toContain(ns.id);
        expect(await tagged(['audio'])).not.toContain(ns.id);
        expect(await tagged(['notATag'])).toEqual([]);
        expect(await s.sessions.delete(mine, ns.id)).toBe(ns.blobKey);
        expect(await s.sessions.get(mine, ns.id)).toBeUndefined();
        expect(await s.sessions.delete(mine, ns.id)).toBeUndefined();
      });
    });

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
