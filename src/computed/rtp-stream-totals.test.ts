import { describe, expect, it } from 'vitest';
import type { RawPeerConnection } from '../model/peer-connection.js';
import { StatsStore } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { rtpStreams } from './rtp-streams.js';

/** A connection with one inbound video stream polled once a second with these values. */
function connection(
  polls: readonly Record<string, unknown>[],
  track?: Record<string, unknown>,
): RawPeerConnection {
  const r = new RowStatsReport('IT1', 'inbound-rtp');
  const t = track ? new RowStatsReport('TR1', 'track') : undefined;
  polls.forEach((p, i) => {
    r.append(1_700_000_000_000 + i * 1000, { kind: 'video', ...(t ? { trackId: 'TR1' } : {}), ...p });
    t?.append(1_700_000_000_000 + i * 1000, track!);
  });
  const stats = new StatsStore();
  stats.set(r);
  if (t) stats.set(t);
  return { id: 'PC_0', events: [], stats, flags: {} };
}

/**
 * Totals are read from the report's last value when no reset continues the counters; these pin
 * them to what the series say: continued across a reset, from the track when the report has none.
 */
describe('RTP stream totals', () => {
  it('are the counters last values when nothing was reset', () => {
    const [s] = rtpStreams(
      connection([
        { ssrc: 1, packetsReceived: 10, nackCount: 1, framesDecoded: 5 },
        { ssrc: 1, packetsReceived: 20, nackCount: '3', framesDecoded: 9 },
      ]),
    );
    expect(s!.totals).toMatchObject({ packets: 20, nackCount: 3, framesDecoded: 9 });
  });

  it('count across a reset of the counters (a new SSRC behind the same id)', () => {
    const [s] = rtpStreams(
      connection([
        { ssrc: 1, packetsReceived: 100, nackCount: 4, framesDecoded: 50 },
        { ssrc: 2, packetsReceived: 10, nackCount: 1, framesDecoded: 5 },
        { ssrc: 2, packetsReceived: 20, nackCount: 2, framesDecoded: 8 },
      ]),
    );
    expect(s!.totals).toMatchObject({ packets: 120, nackCount: 6, framesDecoded: 58 });
  });

  it('fall back to the linked track when the report has no number of its own', () => {
    const polls = [
      { ssrc: 1, packetsReceived: 10, framesDropped: 'n/a' },
      { ssrc: 1, packetsReceived: 20 },
    ];
    const [s] = rtpStreams(connection(polls, { framesDropped: 7, kind: 'video' }));
    expect(s!.totals.framesDropped).toBe(7);
  });
});
