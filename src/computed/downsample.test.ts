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
});
