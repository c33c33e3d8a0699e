import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { StatsStore } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { otherTraffic, valuesAt } from './other-traffic.js';
import { sampleAt } from './series-math.js';

describe('valuesAt', () => {
  it('finds what sampleAt finds, for times in order (repeats included) and any two times, NaN included', () => {
    const times = fc
      .array(fc.integer({ min: 0, max: 50 }), { maxLength: 30 })
      .map((t) => t.sort((a, b) => a - b));
    fc.assert(
      fc.property(
        times,
        fc.oneof(fc.integer({ min: -5, max: 55 }), fc.constant(Number.NaN)),
        fc.oneof(fc.integer({ min: -5, max: 55 }), fc.constant(Number.NaN)),
        (t, from, to) => {
          const v = t.map((_, i) => i * 3 + 1);
          expect(valuesAt(t, v, from, to)).toEqual(Array.from(sampleAt(t, v, [from, to])));
        },
      ),
    );
  });
});

/** A store of one stream that paused (`self`) and another whose packets arrive at these times. */
function store(otherTimes: readonly number[], otherCounts: readonly number[]) {
  const self = new RowStatsReport('IT1', 'inbound-rtp');
  const other = new RowStatsReport('IT2', 'inbound-rtp');
  for (let i = 0; i < 5; i++) self.append(i * 1000, { packetsReceived: 10 });
  otherTimes.forEach((t, i) => {
    other.append(t, { packetsReceived: otherCounts[i] });
  });
  const stats = new StatsStore();
  stats.set(self);
  stats.set(other);
  return { stats, self, other };
}

describe('otherTraffic', () => {
  it("answers from another stream's packets between two times", () => {
    const { stats, self } = store([0, 1000, 2000, 3000, 4000], [5, 5, 9, 9, 9]);
    const up = otherTraffic(stats, self);
    expect(up(0, 1000)).toBe(false);
    expect(up(1000, 2000)).toBe(true);
    expect(up(500, 2500)).toBe(true);
    expect(up(2000, 4000)).toBe(false);
    // Before the other's first sample there is nothing to compare.
    expect(up(-500, 3000)).toBe(false);
  });

  it("reads the other reports' counters once, however many pauses are asked about", () => {
    const { stats, self, other } = store([0, 1000, 2000], [1, 2, 3]);
    const reads = vi.spyOn(other, 'numbers');
    const up = otherTraffic(stats, self);
    for (let i = 0; i < 50; i++) up(0, 2000);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('answers as sampleAt does for times that go back (a clock that jumped)', () => {
    // Times 0, 2000, 1000, 3000: the scan stops at the first time after the one asked about.
    const t = [0, 2000, 1000, 3000];
    const counts = [1, 1, 7, 7];
    const { stats, self } = store(t, counts);
    const up = otherTraffic(stats, self);
    for (const [from, to] of [
      [0, 1500],
      [0, 2500],
      [1000, 3500],
      [2500, 3500],
    ] as const) {
      const [before, after] = sampleAt(t, counts, [from, to]);
      expect(up(from, to)).toBe(after! > before!);
    }
  });
});
