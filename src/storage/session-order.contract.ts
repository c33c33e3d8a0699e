/**
 * The list's extensions in the storage contract (storage.contract.ts): the order of a list
 * (sort by creation, call start or experience score, either way, nulls last, ties by id), the
 * call start range and connectivity, with pages that neither repeat nor skip a session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionFilters, SessionSort, Storage } from './index.js';
import { abstract, newSession } from './sessions.contract.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

/** Call start (days after T0, null: none), experience score (null: unrated), connectivity. */
const ROWS: [string, number | null, number | null, string][] = [
  ['a', 0, 90, 'DIRECT/UDP'],
  ['b', 1, 40, 'RELAY/TLS'],
  ['c', null, 70, 'DIRECT/UDP'],
  ['d', 2, null, 'RELAY/UDP'],
  ['e', 1, 70, 'DIRECT/UDP'],
  ['f', 5, 40, 'DIRECT/UDP'],
];

export function sessionOrderContract(storage: () => Storage): void {
  describe('sessions list order and range', () => {
    let s: Storage;
    let acc: string;
    beforeAll(async () => {
      s = storage();
      acc = (await s.accounts.create({ name: 'Order', plan: 'developer', credits: 10 })).id;
      for (const [i, [title, start, score, connectivity]] of ROWS.entries())
        await s.sessions.insert(
          newSession(acc, {
            title,
            createdAt: T0 + i * 60_000,
            callStart: start === null ? null : T0 + start * DAY,
            callEnd: null,
            abstract: abstract({
              experienceScore: score,
              scoreBand: score === null ? 'unrated' : score >= 80 ? 'high' : score >= 60 ? 'medium' : 'low',
              connectivity,
            }),
          }),
        );
    });

    const titles = async (f: SessionFilters, sort?: SessionSort, limit = 100, offset = 0) => {
      const page = await s.sessions.list(acc, f, { limit, offset, ...(sort ? { sort } : {}) });
      return page.rows.map((r) => r.title);
    };
    /** Every page of size `limit`, joined. */
    const paged = async (sort: SessionSort, limit: number) => {
      const all: string[] = [];
      for (let offset = 0; offset < ROWS.length + limit; offset += limit)
        all.push(...(await titles({}, sort, limit, offset)));
      return all;
    };

    it('sorts by creation (default), call start or score, either way, nulls last, ties by id', async () => {
      expect(await titles({})).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
      expect(await titles({}, { by: 'createdAt', order: 'asc' })).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      // b and e start on the same day: the later id (e) first going down, last going up.
      expect(await titles({}, { by: 'callStart', order: 'desc' })).toEqual(['f', 'd', 'e', 'b', 'a', 'c']);
      expect(await titles({}, { by: 'callStart', order: 'asc' })).toEqual(['a', 'b', 'e', 'd', 'f', 'c']);
      expect(await titles({}, { by: 'experienceScore', order: 'desc' })).toEqual([
        'a',
        'e',
        'c',
        'f',
        'b',
        'd',
      ]);
      expect(await titles({}, { by: 'experienceScore', order: 'asc' })).toEqual([
        'b',
        'f',
        'c',
        'e',
        'a',
        'd',
      ]);
    });

    it('pages in the same order as one page', async () => {
      for (const by of ['createdAt', 'callStart', 'experienceScore'] as const)
        for (const order of ['asc', 'desc'] as const)
          for (const limit of [1, 2, 4])
            expect(await paged({ by, order }, limit)).toEqual(await titles({}, { by, order }));
    });

    it('filters the call start range [from, to) and the connectivity', async () => {
      const asc: SessionSort = { by: 'callStart', order: 'asc' };
      expect(await titles({ from: T0 + DAY }, asc)).toEqual(['b', 'e', 'd', 'f']);
      expect(await titles({ to: T0 + 2 * DAY }, asc)).toEqual(['a', 'b', 'e']);
      expect(await titles({ from: T0 + DAY, to: T0 + 2 * DAY }, asc)).toEqual(['b', 'e']);
      expect(
        (await s.sessions.list(acc, { from: T0 + DAY, to: T0 + 2 * DAY }, { limit: 1, offset: 0 }))
          .totalCount,
      ).toBe(2);
      expect(await titles({ connectivity: 'DIRECT/UDP' })).toEqual(['f', 'e', 'c', 'a']);
      expect(await titles({ connectivity: 'RELAY/TLS', from: T0 })).toEqual(['b']);
    });
  });
}
