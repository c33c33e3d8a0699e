import { describe, expect, it } from 'vitest';
import { kthSmallest } from './series-math.js';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('kthSmallest', () => {
  it('reads what a sorted copy holds at k, for every k', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (const n of [1, 2, 3, 5, 17, 100, 1001]) {
      for (const spread of [3, 1e6]) {
        const values = Array.from({ length: n }, () => Math.floor(random() * spread) - spread / 3);
        if (n > 5) values[2] = Number.POSITIVE_INFINITY;
        if (n > 5) values[4] = Number.NEGATIVE_INFINITY;
        const order = sorted(values);
        for (let k = 0; k < n; k++) expect(kthSmallest(values, k)).toBe(order[k]);
      }
    }
  });

  it('keeps its input as it was, and has nothing to return out of range', () => {
    const values = [3, 1, 2];
    expect(kthSmallest(values, 0)).toBe(1);
    expect(values).toEqual([3, 1, 2]);
    expect(kthSmallest(values, 3)).toBeNaN();
    expect(kthSmallest([], 0)).toBeNaN();
  });

  it('reads sorted, reversed, organ-pipe and all-equal input (worst cases of a median-of-three pivot)', () => {
    // Their cost is checked by npm run bench:hostile, not here.
    const n = 20_000;
    const inputs = [
      Array.from({ length: n }, (_, i) => i),
      Array.from({ length: n }, (_, i) => n - i),
      Array.from({ length: n }, (_, i) => Math.min(i, n - i)),
      new Array<number>(n).fill(5),
    ];
    for (const values of inputs)
      for (const k of [0, n >> 2, n >> 1, n - 1]) expect(kthSmallest(values, k)).toBe(sorted(values)[k]);
  });
});
