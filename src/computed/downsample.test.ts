import { describe, expect, it } from 'vitest';
import { roundPayload } from '../analysis/payload/numbers.js';
import { downsample, isRounded } from './downsample.js';

describe('downsample', () => {
  it('rounds as it goes, and marks the columns that rounding the payload would leave unchanged', () => {
    const t = [1000.4, 2000.6, 3000.2];
    const chart = downsample(
      t,
      {
        a: { values: Float64Array.from([1.234, 2.345, Number.NaN]), combine: 'mean' },
        huge: { values: Float64Array.from([1e13 + 0.123, 1, 2]), combine: 'mean' },
      },
      300,
    );
    expect(chart.t).toEqual([1000, 2001, 3000]);
    expect(chart.columns.a).toEqual([1.23, 2.35, null]);
    expect(isRounded(chart.t)).toBe(true);
    expect(isRounded(chart.columns.a!)).toBe(true);
    // Beyond the magnitude where rounding is exact, the payload's walk rounds the column itself.
    expect(isRounded(chart.columns.huge!)).toBe(false);
    const before = JSON.stringify(chart);
    const copy = JSON.parse(before);
    expect(JSON.stringify(roundPayload(chart))).toBe(JSON.stringify(roundPayload(copy)));
  });

  it('leaves times that are not finite to the payload walk', () => {
    const chart = downsample([1, Number.NaN], { a: { values: [1, 2], combine: 'mean' } }, 300);
    expect(isRounded(chart.t)).toBe(false);
  });

  it('gives null for a bucket with no finite value, whether a column before or after it has gaps', () => {
    const t = [0, 1000, 2000, 3000];
    const chart = downsample(
      t,
      {
        full: { values: [1.5, 2, 3.25, 4], combine: 'mean' },
        gaps: { values: [Number.NaN, 2, Number.POSITIVE_INFINITY, 4], combine: 'mean' },
        after: { values: [0.5, 0.5, 0.5, Number.NaN], combine: 'max' },
        huge: { values: [Number.MAX_VALUE, 1, 1, 1], combine: 'sum' },
      },
      2,
    );
    expect(chart.t).toEqual([1000, 3000]);
    expect(chart.columns).toEqual({
      full: [1.75, 3.63],
      gaps: [2, 4],
      after: [0.5, 0.5],
      huge: [Number.POSITIVE_INFINITY, 2],
    });
    const sparse = downsample(t, { a: { values: [Number.NaN, Number.NaN, 1, 2], combine: 'last' } }, 4);
    expect(sparse.columns.a).toEqual([null, null, 1, 2]);
  });
});
