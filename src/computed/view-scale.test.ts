import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import type { RawPeerConnection } from '../model/peer-connection.js';
import { StatsStore } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { iceTransports, selectedPairRtts } from './ice-transport.js';
import { rtpStreams } from './rtp-streams.js';

type Poll = Record<string, Record<string, unknown>>;

/** A connection whose stats are these polls, one a second (each report as its own series). */
function connection(polls: readonly Poll[]): RawPeerConnection {
  const reports = new Map<string, RowStatsReport>();
  polls.forEach((poll, i) => {
    for (const [id, { type, ...values }] of Object.entries(poll)) {
      let r = reports.get(id);
      if (!r) {
        r = new RowStatsReport(id, type as string);
        reports.set(id, r);
      }
      r.append(1_700_000_000_000 + i * 1000, values);
    }
  });
  const stats = new StatsStore();
  for (const r of reports.values()) stats.set(r);
  return { id: 'PC_0', events: [], stats, flags: {} };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Connections no call has, but a dump can hold: each view pairs things up (a stream with its RTCP
 * report, a selection with its pair, its candidates and round trips). Done by searching everything
 * for each of them, these took minutes; the sizes are such that a search per item takes far longer
 * than the hang bound, and a lookup far less.
 */
describe('views of very large connections', () => {
  it('link 20 000 inbound streams to their RTCP reports, by local id or by SSRC and kind', () => {
    const poll: Poll = {};
    for (const i of range(20_000)) {
      poll[`IT${i}`] = { type: 'inbound-rtp', kind: 'audio', ssrc: i, packetsReceived: 10 };
      poll[`RO${i}`] =
        i % 2
          ? { type: 'remote-outbound-rtp', kind: 'audio', ssrc: i, roundTripTime: i / 1000 }
          : { type: 'remote-outbound-rtp', localId: `IT${i}`, ssrc: -1, roundTripTime: i / 1000 };
    }
    // A video report on the SSRC of stream 1 is not its report: kinds must agree.
    poll.XV = { type: 'remote-outbound-rtp', kind: 'video', ssrc: 1, roundTripTime: 9 };
    const pc = connection([poll]);
    const streams = withinHangBound(() => rtpStreams(pc));
    expect(streams).toHaveLength(20_000);
    expect(streams.every((s, i) => Math.round(s.series.rttMs?.[0] ?? -1) === i)).toBe(true);
  });

  it('follow a transport that selects another of 40 000 pairs at every poll, each with its candidates', () => {
    const polls = range(40_000).map(
      (i): Poll => ({
        T: { type: 'transport', selectedCandidatePairId: `CP${i}` },
        [`CP${i}`]: {
          type: 'candidate-pair',
          localCandidateId: `L${i}`,
          remoteCandidateId: 'R',
          state: 'succeeded',
          currentRoundTripTime: 0.05,
        },
        [`L${i}`]: { type: 'local-candidate', address: '10.0.0.1', port: i, candidateType: 'host' },
        R: { type: 'remote-candidate', address: '10.0.0.2', port: 9, candidateType: 'host' },
      }),
    );
    // Not timed: a search of the pairs per change costs about a nanosecond a pair, too little next
    // to building 40 000 pairs to tell apart here; pairById's own test times the lookups.
    const ice = iceTransports(connection(polls));
    expect(ice.selected).toHaveLength(40_000);
    expect(ice.selected[12_345]?.local?.port).toBe(12_345);
    expect(selectedPairRtts(ice)).toEqual(Array(40_000).fill(50));
  });

  it('follow a transport that flips between two pairs at each of 100 000 polls', () => {
    const pair = (local: string, rtt: number) => ({
      type: 'candidate-pair',
      localCandidateId: local,
      remoteCandidateId: 'R',
      state: 'succeeded',
      currentRoundTripTime: rtt,
    });
    const polls = range(100_000).map(
      (i): Poll => ({
        T: { type: 'transport', selectedCandidatePairId: i % 2 ? 'CP1' : 'CP0' },
        CP0: pair('L0', 0.02),
        CP1: pair('L1', 0.04),
        L0: { type: 'local-candidate', address: '10.0.0.1', port: 1, candidateType: 'host' },
        L1: { type: 'local-candidate', address: '10.0.0.3', port: 3, candidateType: 'relay' },
        R: { type: 'remote-candidate', address: '10.0.0.2', port: 9, candidateType: 'host' },
      }),
    );
    const pc = connection(polls);
    const ice = withinHangBound(() => iceTransports(pc));
    expect(ice.selected).toHaveLength(100_000);
    expect(ice.selected.slice(0, 2).map((s) => s.local?.type)).toEqual(['host', 'relay']);
    const rtts = withinHangBound(() => selectedPairRtts(ice));
    expect(rtts).toHaveLength(100_000);
    expect(rtts.slice(0, 4)).toEqual([20, 40, 20, 40]);
  });
});
