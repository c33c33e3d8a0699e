import { describe, expect, it } from 'vitest';
import { dropLegacyRttWarmup } from './pair-rtt.js';

const run = (values: number[]) => {
  const a = Float64Array.from(values);
  dropLegacyRttWarmup(a);
  return Array.from(a, (v) => (Number.isNaN(v) ? null : v));
};

describe('legacy STUN RTT warm-up', () => {
  it('drops the smoothed decay from 3000 ms and the -1 placeholders', () => {
    // rtt = (3 × rtt + sample) / 4 from 3000 ms with samples of a few ms, then real values.
    const smoothed = [2250, 1688, 1266, 950, 713, 535, 401, 301, 226, 170, 128, 96, 72, 55];
    expect(run([-1, ...smoothed, 60, 58])).toEqual([...Array(15).fill(null), 60, 58]);
  });

  it('keeps real high round trips that do not decay like the smoothing', () => {
    expect(run([2200, 2100, 2300, 2250])).toEqual([2200, 2100, 2300, 2250]);
    expect(run([120, 90, 70, 60])).toEqual([120, 90, 70, 60]);
  });

  it('leaves short and empty series alone', () => {
    expect(run([])).toEqual([]);
    expect(run([2250, 1689])).toEqual([2250, 1689]);
    expect(run([Number.NaN, -1])).toEqual([null, null]);
  });
});
