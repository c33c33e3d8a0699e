import type { PeerConnectionFlags, RawPeerConnection } from '../model/peer-connection.js';
import type { TraceEvent } from '../model/trace-event.js';
import { boundedStats, MAX_VIEW_SAMPLES } from './bounded-stats.js';
import { type IceTransports, iceTransports } from './ice-transport.js';
import { type Lifecycle, lifecycle } from './lifecycle.js';
import { type RtpStream, rtpStreams } from './rtp-streams.js';
import { type Signaling, signaling } from './signaling.js';
import {
  type ApiCall,
  apiCalls,
  type TrackLifecycle,
  trackLifecycles,
  zeroIdleFrameRates,
} from './track-lifecycle.js';

/**
 * Everything analysis needs to know about one connection, derived once from its raw record.
 * Holds derived series only: the raw stats can be released as soon as this is built, which is how
 * dumps larger than memory are analyzed one connection at a time.
 */
export interface PeerConnectionView {
  id: string;
  url: string | undefined;
  configuration: Record<string, unknown> | undefined;
  constraints: unknown;
  flags: PeerConnectionFlags;
  /** The connection's event log (no stats). */
  events: readonly TraceEvent[];
  lifecycle: Lifecycle;
  signaling: Signaling;
  ice: IceTransports;
  streams: RtpStream[];
  /** First and last stats sample times. */
  statsRange: { first: number; last: number } | undefined;
  /** What happened to each sending and receiving track (src/computed/track-lifecycle.ts). */
  tracks: TrackLifecycle[];
  /** The app's calls on its tracks and senders, from the event log. */
  apiCalls: ApiCall[];
  /** CPU pressure states recorded by rtcstats-js (Compute Pressure API): 4 nominal … 1 critical. */
  cpuPressure: { t: number[]; state: number[] } | undefined;
  /**
   * Set when the stats had more samples a report than views are built from (bounded-stats.ts):
   * the samples the longest report had, the bound, and the time buckets the views were read at.
   */
  sampled?: { samples: number; limit: number; bucketMs: number | undefined };
}

/** `maxSamples`: samples a report that views are built from (see bounded-stats.ts). */
export function viewPeerConnection(
  raw: RawPeerConnection,
  maxSamples = MAX_VIEW_SAMPLES,
): PeerConnectionView {
  const bounded = boundedStats(raw.stats, maxSamples);
  const pc = bounded ? { ...raw, stats: bounded.stats } : raw;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of pc.stats.all()) {
    const n = r.size;
    if (n === 0) continue;
    const t0 = r.timestamps[0]!;
    const t1 = r.timestamps[n - 1]!;
    if (t0 < first) first = t0;
    if (t1 > last) last = t1;
  }
  const streams = rtpStreams(pc);
  const negotiation = signaling(pc);
  const statsRange = Number.isFinite(first) ? { first, last } : undefined;
  const tracks = trackLifecycles({ id: pc.id, streams, signaling: negotiation, statsRange });
  for (let i = 0; i < streams.length; i++) zeroIdleFrameRates(streams[i]!, tracks[i]!);
  return {
    id: pc.id,
    url: pc.url,
    configuration: pc.configuration,
    constraints: pc.constraints,
    flags: { ...pc.flags },
    events: pc.events,
    lifecycle: lifecycle(pc),
    signaling: negotiation,
    ice: iceTransports(pc),
    streams,
    tracks,
    apiCalls: apiCalls(pc.events),
    statsRange,
    cpuPressure: cpuPressure(pc),
    ...(bounded
      ? { sampled: { samples: bounded.samples, limit: maxSamples, bucketMs: bounded.bucketMs } }
      : {}),
  };
}

const PRESSURE_STATES: Record<string, number> = { nominal: 4, fair: 3, serious: 2, critical: 1 };

function cpuPressure(pc: RawPeerConnection): PeerConnectionView['cpuPressure'] {
  const report = pc.stats.ofType('compute-pressure')[0];
  const values = report?.values('cpuState');
  if (!report || !values) return undefined;
  const t: number[] = [];
  const state: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const n = typeof v === 'number' ? v : typeof v === 'string' ? PRESSURE_STATES[v] : undefined;
    if (n === undefined) continue;
    t.push(report.timestamps[i]!);
    state.push(n);
  }
  return t.length > 0 ? { t, state } : undefined;
}
