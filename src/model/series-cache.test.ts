import { describe, expect, it } from 'vitest';
import { SeriesCache } from './series-cache.js';

describe('SeriesCache', () => {
  it('keeps the last series read, by owner, kind and attribute, until the owner grows', () => {
    const cache = new SeriesCache(2);
    const a = {};
    const b = {};
    const s1 = [1];
    const s2 = [2];
    cache.set(a, true, 'x', 1, s1);
    cache.set(b, true, 'x', 1, s2);
    expect(cache.get(a, true, 'x', 1)).toBe(s1);
    expect(cache.get(a, false, 'x', 1)).toBeUndefined();
    expect(cache.get(b, true, 'x', 1)).toBe(s2);
    // Stale once the owner has more samples.
    expect(cache.get(b, true, 'x', 2)).toBeUndefined();
    expect(cache.get(b, true, 'x', 1)).toBeUndefined();
  });

  it('lets the least recently read go first', () => {
    const cache = new SeriesCache(2);
    const r = {};
    cache.set(r, true, 'x', 1, [1]);
    cache.set(r, true, 'y', 1, [2]);
    cache.get(r, true, 'x', 1);
    cache.set(r, true, 'z', 1, [3]);
    expect(cache.get(r, true, 'y', 1)).toBeUndefined();
    expect(cache.get(r, true, 'x', 1)).toEqual([1]);
    expect(cache.get(r, true, 'z', 1)).toEqual([3]);
  });
});
