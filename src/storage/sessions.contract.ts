/** The sessions part of the storage contract (storage.contract.ts): rows, facts, filters, paging. */
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewSession, SessionAbstract, Storage } from './index.js';

export const abstract = (over: Partial<SessionAbstract> = {}): SessionAbstract => ({
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
export const newSession = (accountId: string, over: Partial<NewSession> = {}): NewSession => {
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

/** Registers the sessions tests; `storage` gives the suite's storage once its beforeAll opened it. */
export function sessionsContract(storage: () => Storage): void {
  describe('sessions', () => {
    let s: Storage;
    let mine: string;
    let other: string;
    beforeAll(async () => {
      s = storage();
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
        fileName: 'Webrtc_Internals_Dump (3).txt',
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
      await put({
        title: 'Gamma',
        fileName: 'gamma_100%.gz',
        abstract: abstract({ scoreBand: 'unrated', experienceScore: null }),
      });
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
      // fileName: the stored file's name, apart from the title (name stays title-only).
      expect((await titles({ fileName: ['internals_dump'] })).titles).toEqual(['Alpha standup']);
      expect((await titles({ fileName: ['WEBRTC', '100%'] })).titles).toEqual(['Gamma', 'Alpha standup']);
      expect((await titles({ fileName: ['_100%'] })).titles).toEqual(['Gamma']);
      expect((await titles({ fileName: ['standup'] })).titles).toEqual([]);
      expect((await titles({ name: ['dump'] })).titles).toEqual([]);
      expect((await titles({ fileName: ['dump'], name: ['alpha'] })).titles).toEqual([
        'alpha retro',
        'Alpha standup',
      ]);
      expect((await titles({ fileName: ['dump ('], name: ['alpha'] })).titles).toEqual(['Alpha standup']);
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
      expect((await titles({ name: ['alpha'], observationTags: ['network'], hasHigh: true })).titles).toEqual(
        ['Alpha standup'],
      );
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
      // The written summary: stored for the analysis it was asked for, by its own account only.
      expect((await s.sessions.get(mine, ns.id))!.aiSummary).toBeNull();
      const version = (await s.sessions.get(mine, ns.id))!.processorVersion;
      expect(await s.sessions.setAiSummary(other, ns.id, version, 'not mine')).toBe(false);
      expect(await s.sessions.setAiSummary(mine, ns.id, '0.0.0-older', 'stale')).toBe(false);
      expect(await s.sessions.setAiSummary(mine, ns.id, version, 'It went well.')).toBe(true);
      expect((await s.sessions.get(mine, ns.id))!.aiSummary).toBe('It went well.');
      await s.sessions.replaceAnalysis(mine, ns.id, {
        processorVersion: '2.0.0',
        payload: gzipSync('{}'),
        callStart: null,
        callEnd: null,
        abstract: abstract({ observationFlags: ['b'], observationTags: ['video'] }),
      });
      const row = await s.sessions.get(mine, ns.id);
      // A re-analysis clears the summary of the analysis it replaced.
      expect(row).toMatchObject({ processorVersion: '2.0.0', callStart: null, aiSummary: null });
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
}
