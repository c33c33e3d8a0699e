import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IceTransports } from './ice-transport.js';
import { dropLegacyRttWarmup, selectedPairRtts } from './pair-rtt.js';

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

/** The per-change scan selectedPairRtts replaces: the reference for what it reads. */
function scanned(ice: IceTransports): number[] {
  const out: number[] = [];
  ice.selected.forEach((change, i) => {
    const pair = ice.pairs.find((p) => p.id === change.pairId);
    const rtt = pair?.series.rttMs;
    if (!pair || !rtt) return;
    const until = ice.selected[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    for (let j = 0; j < rtt.length; j++) {
      const t = pair.t[j]!;
      if (t >= change.at && t < until && Number.isFinite(rtt[j]!)) out.push(rtt[j]!);
    }
  });
  return out;
}

describe('selectedPairRtts', () => {
  it('reads the round trips of each selected pair while it was selected, as a scan per change did', () => {
    const samples = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom(10, 20, 30, Number.NaN)),
      {
        maxLength: 10,
      },
    );
    const pairs = fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C'), samples, fc.boolean()), { maxLength: 4 });
    const changes = fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom('A', 'B', 'C', 'D')), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(pairs, changes, (ps, cs) => {
        const ice = {
          pairs: ps.map(([id, points, hasRtt]) => ({
            id,
            nominated: true,
            selected: false,
            t: points.map((p) => p[0]),
            totals: {},
            series: hasRtt ? { rttMs: Float64Array.from(points, (p) => p[1]) } : {},
          })),
          // Views hand over the changes in time order.
          selected: [...cs].sort((a, b) => a[0] - b[0]).map(([at, pairId]) => ({ at, pairId })),
        } as unknown as IceTransports;
        expect(selectedPairRtts(ice)).toEqual(scanned(ice));
      }),
      { numRuns: 3000 },
    );
  });
});
