import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from './analyze-dump.js';

// A real jitsi dump (two connections of 29 and 52 polls) read with a bound below its length, as a
// dump of more than 32 768 polls a connection is by default (src/computed/bounded-stats.ts).
const DUMP = fixture('jitsi', 'google-standard-stats-p2p');

describe('analysis of connections longer than the views bound', () => {
  it('reads them at the bound, says so, and keeps totals and the call times exact', async () => {
    const full = (await analyzeDump(DUMP)).data;
    const bounded = (await analyzeDump(DUMP, { maxViewSamples: 20 })).data;
    expect(full.metadata.warnings.some((w) => w.includes('full resolution'))).toBe(false);
    expect(bounded.metadata.warnings.filter((w) => w.includes('full resolution'))).toEqual([
      'PC_0: a stats report of 29 samples, more than the 20 analysis reads at full resolution: its stats were read at one sample per 2.6 s (totals stay exact)',
      'PC_1: a stats report of 52 samples, more than the 20 analysis reads at full resolution: its stats were read at one sample per 5.1 s (totals stay exact)',
    ]);
    expect([bounded.callStart, bounded.callEnd]).toEqual([full.callStart, full.callEnd]);
    const totals = (data: typeof full) =>
      Object.values(data.streams)
        .flat()
        .map((s) => [s.sid, s.firstSeenAt, s.lastSeenAt, s.packets, s.bytes, s.packetsLost]);
    expect(totals(bounded)).toEqual(totals(full));
    // Charts and statistics come from the kept samples: no more points than the bound allows.
    for (const s of Object.values(bounded.streams).flat()) expect(s.series.t.length).toBeLessThanOrEqual(22);
  });
});
