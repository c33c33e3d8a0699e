/**
 * Builders for the audio and network stream detector tests (src/detectors/streams): sessions made
 * of given RTP streams, and streams with loss, jitter or a missing series.
 */
import type { Direction, MediaKind, RtpStream, SeriesName } from '../../src/computed/rtp-streams.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { connection, session, stream } from './session.js';

/** Per-sample values, as the session builders take them. */
export type Samples = readonly number[] | Float64Array;

/** A session whose only (connected) connection holds exactly these streams. */
export const withStreams = (...streams: RtpStream[]): SessionView =>
  session({ connections: [connection({ streams })] });

/** The stream without the named series: a browser or stats format that does not report them. */
export function withoutSeries(s: RtpStream, ...names: SeriesName[]): RtpStream {
  const series = { ...s.series };
  for (const name of names) delete series[name];
  return { ...s, series };
}

/** `n` samples at `rest`, except `count` samples at `value` starting at index `at` (default 10). */
export const burst = (n: number, count: number, value: number, rest = 0, at = 10): number[] =>
  Array.from({ length: n }, (_, i) => (i >= at && i < at + count ? value : rest));

/**
 * A stream that lost `lossPercent` % of its packets over the call, out of 10 000 packets expected
 * (inbound: lost / (lost + received); outbound: the receiver's count over packets sent). The loss is
 * spread over the last `lossySamples` of its `n` one-second intervals (all of them by default), so
 * the lossPercent series agrees with the totals.
 */
export function lossyStream(
  kind: MediaKind,
  direction: Direction,
  lossPercent: number,
  options: { n?: number; lossySamples?: number; id?: string; ssrc?: number } = {},
): RtpStream {
  const { n = 30, lossySamples = n, ...ids } = options;
  const lost = Math.round(lossPercent * 100);
  const perInterval = lossySamples > 0 ? Math.min(100, (lossPercent * n) / lossySamples) : 0;
  return stream({
    kind,
    direction,
    n,
    ...ids,
    totals:
      direction === 'inbound'
        ? { packets: 10_000 - lost, packetsLost: lost }
        : { packets: 10_000, remotePacketsLost: lost },
    values: { lossPercent: Array.from({ length: n }, (_, i) => (i >= n - lossySamples ? perInterval : 0)) },
  });
}
