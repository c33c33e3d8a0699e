import { describe, expect, it } from 'vitest';
import { packSeries } from './packed-series.js';

describe('packSeries', () => {
  it('keeps every value, in one buffer, with two names for one array still one view', () => {
    const shared = Float64Array.of(1, 2);
    const series: Record<string, Float64Array> = {
      a: Float64Array.of(0.5, Number.NaN, 3),
      b: shared,
      c: new Float64Array(0),
      d: shared,
    };
    packSeries(series);
    expect([...series.a!]).toEqual([0.5, Number.NaN, 3]);
    expect([...series.b!]).toEqual([1, 2]);
    expect(series.c!.length).toBe(0);
    expect(series.d).toBe(series.b);
    expect(series.a!.buffer).toBe(series.b!.buffer);
    series.b![0] = 9;
    expect(series.d![0]).toBe(9);
    expect(series.a![2]).toBe(3);
  });

  it('leaves long series as they are', () => {
    const long = { a: new Float64Array(1000), b: new Float64Array(1000) };
    const { a } = long;
    packSeries(long);
    expect(long.a).toBe(a);
  });

  it('leaves a single series as it is', () => {
    const only = Float64Array.of(1);
    const series = { only };
    packSeries(series);
    expect(series.only).toBe(only);
  });
});
