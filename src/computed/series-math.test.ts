import { describe, expect, it } from 'vitest';
import { distributionOf, finiteDistribution, firstIndexWhere } from './series-math.js';

/** Linear-interpolated quantile of sorted values. */
function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 1) return sorted[0]!;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The definition distributionOf must match: a full sort, then linear-interpolated quantiles. */
function reference(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  const sq = values.reduce((a, v) => a + (v - avg) ** 2, 0);
  return {
    avg,
    min: sorted[0],
    max: sorted.at(-1),
    p5: quantileSorted(sorted, 0.05),
    p95: quantileSorted(sorted, 0.95),
    stddev: Math.sqrt(sq / values.length),
    count: values.length,
  };
}

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('distributionOf', () => {
  it('is undefined for no values and exact for one or two', () => {
    expect(distributionOf([])).toBeUndefined();
    expect(distributionOf([7])).toEqual({ avg: 7, min: 7, max: 7, p5: 7, p95: 7, stddev: 0, count: 1 });
    expect(distributionOf([10, 0])).toEqual(reference([10, 0]));
  });

  it('finds the quantiles a full sort gives, on runs that defeat naive pivots', () => {
    const next = random(42);
    const shapes: Record<string, (n: number) => number[]> = {
      random: (n) => Array.from({ length: n }, () => Math.round(next() * 1000) / 10),
      sorted: (n) => Array.from({ length: n }, (_, i) => i),
      reversed: (n) => Array.from({ length: n }, (_, i) => n - i),
      constant: (n) => Array.from({ length: n }, () => 3),
      'few values': (n) => Array.from({ length: n }, () => Math.floor(next() * 3)),
      'organ pipe': (n) => Array.from({ length: n }, (_, i) => Math.min(i, n - i)),
    };
    for (const [name, make] of Object.entries(shapes)) {
      for (const n of [3, 20, 21, 101, 1000, 5000]) {
        const values = make(n);
        const copy = [...values];
        const d = distributionOf(values)!;
        const r = reference(values);
        expect({ name, n, p5: d.p5, p95: d.p95, min: d.min, max: d.max, count: d.count }).toEqual({
          name,
          n,
          p5: r.p5,
          p95: r.p95,
          min: r.min,
          max: r.max,
          count: r.count,
        });
        expect(d.avg).toBeCloseTo(r.avg, 9);
        expect(d.stddev).toBeCloseTo(r.stddev, 9);
        // The input is left as it was.
        expect(values).toEqual(copy);
      }
    }
  });

  it('reads typed arrays and series longer than its shared work space', () => {
    const values = Float64Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 70_001);
    const d = distributionOf(values)!;
    expect(d).toMatchObject({ min: reference([...values]).min, p5: reference([...values]).p5 });
    expect(d.p95).toBe(reference([...values]).p95);
  });
});

describe('finiteDistribution', () => {
  it('is distributionOf over the finite values from an index on', () => {
    const values = Float64Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? Number.NaN : (i * 31) % 97));
    const finite = [...values].slice(12).filter((v) => Number.isFinite(v));
    expect(finiteDistribution(values, 12)).toEqual(distributionOf(finite));
    expect(finiteDistribution([Number.NaN, Number.POSITIVE_INFINITY])).toBeUndefined();
    expect(finiteDistribution([1, 2], 5)).toBeUndefined();
  });
});

describe('firstIndexWhere', () => {
  it('finds where a sorted condition starts to hold, or the length when it never does', () => {
    const a = [1, 3, 3, 7];
    expect(firstIndexWhere(a.length, (i) => a[i]! >= 3)).toBe(1);
    expect(firstIndexWhere(a.length, (i) => a[i]! > 3)).toBe(3);
    expect(firstIndexWhere(a.length, (i) => a[i]! >= 0)).toBe(0);
    expect(firstIndexWhere(a.length, (i) => a[i]! > 7)).toBe(4);
    expect(firstIndexWhere(0, () => true)).toBe(0);
  });
});
