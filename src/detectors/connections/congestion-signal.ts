import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Direction, RtpStream } from '../../computed/rtp-streams.js';
import { kthSmallest, max, min, sampleAt } from '../../computed/series-math.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { quarterKey } from '../quarter-key.js';
import { RunMemo } from '../run-memo.js';

export const THRESHOLDS = {
  /** A rate under this share of the highest it had reached has fallen. */
  fallShare: 0.6,
  /** A received rate under this share of its peak has fallen (receivers see the fall later). */
  receivedFallShare: 0.75,
  /** A send estimate under this is low whatever it reached before. */
  lowKbps: 300,
  /** An estimate above this multiple of its value 5 s earlier is still climbing. */
  risingShare: 1.2,
  risingWindowMs: 5_000,
  /** Extra delay over the call's baseline that shows packets queueing on the way. */
  delayRiseMs: 15,
  /** How far a delay rise may be from the rate fall it explains. */
  delayWindowMs: 3_000,
  /** An episode that ends in the first seconds of video is the estimate's start-up. */
  startupMs: 10_000,
  /**
   * A round-trip time that rose by this much to a steady level is a longer path (a route change,
   * a distant relay), not a queue: Chrome's delay-based estimate backs off from such a step too.
   */
  latencyStepMs: 100,
  /** Steady: the round-trip times of the episode vary by less than this share of their mean. */
  steadyVariation: 0.15,
  highKbps: 150,
  /**
   * Received video under this carries black frames or nothing: the sender's camera is muted or
   * off (the figure longMute uses), which is not a path short of capacity.
   */
  stoppedKbps: 10,
} as const;

export interface CongestionSignal {
  t: number[];
  /** The estimate (sending) or the received video rate (receiving), kbit/s. */
  kbps: number[];
  /** 1 where the path was congested. */
  congested: number[];
  peakKbps: number;
  spanMs: number;
  /** When the video started: an episode that ends within the start-up is the estimate's ramp. */
  from: number;
}

/** Where a connection's path was short of capacity, per stats sample, in one direction. */
/**
 * Memoised per connection and direction: applies() and run() of both congestion detectors read it,
 * and building it is most of what they cost.
 */
const signals = new RunMemo<PeerConnectionView, Map<Direction, CongestionSignal | undefined>>();
export function congestionSignal(pc: PeerConnectionView, direction: Direction): CongestionSignal | undefined {
  let byDirection = signals.get(pc);
  if (!byDirection) {
    byDirection = new Map();
    signals.set(pc, byDirection);
  }
  if (!byDirection.has(direction))
    byDirection.set(direction, direction === 'outbound' ? sending(pc) : receiving(pc));
  return byDirection.get(direction);
}

function sending(pc: PeerConnectionView): CongestionSignal | undefined {
  const bw = pc.ice.bandwidth;
  const video = pc.streams.filter(
    (s) => s.kind === 'video' && s.direction === 'outbound' && s.firstPacketAt !== undefined,
  );
  if (!bw || video.length === 0) return undefined;
  const from = min(video.map((s) => s.firstPacketAt!))!;
  const to = max(video.map((s) => s.lastSeenAt))!;
  const limited = limitedAt(video, bw.t);
  const t: number[] = [];
  const kbps: number[] = [];
  const congested: number[] = [];
  let peak = 0;
  let back = 0;
  for (let i = 0; i < bw.t.length; i++) {
    const at = bw.t[i]!;
    const v = bw.availableOutgoingKbps[i]!;
    if (!Number.isFinite(v)) continue;
    while (back < i && bw.t[back]! < at - THRESHOLDS.risingWindowMs) back++;
    const earlier = bw.availableOutgoingKbps[back]!;
    const rising = Number.isFinite(earlier) && v > THRESHOLDS.risingShare * earlier;
    const flowing = at >= from && at <= to;
    const fallen = v < THRESHOLDS.fallShare * peak;
    const low = v < THRESHOLDS.lowKbps;
    // Only while the encoder said the bandwidth held it back (when the stats say either way): an
    // estimate that fell below what the video needed anyway harmed nothing.
    const heldBack = limited[i] !== false;
    t.push(at);
    kbps.push(v);
    congested.push(flowing && heldBack && !rising && (fallen || low) ? 1 : 0);
    // The peak is of three samples in a row, so that one probe's spike is not a level reached.
    if (flowing && i > 0 && i + 1 < bw.t.length)
      peak = Math.max(peak, median3(bw.availableOutgoingKbps[i - 1]!, v, bw.availableOutgoingKbps[i + 1]!));
  }
  return { t, kbps, congested, peakKbps: peak, spanMs: to - from, from };
}

/** Whether the encoder of any of the streams gave `bandwidth` as its limitation at each time. */
function limitedAt(streams: readonly RtpStream[], times: ArrayLike<number>): (boolean | undefined)[] {
  const out: (boolean | undefined)[] = new Array(times.length).fill(undefined);
  for (const s of streams) {
    const reasons = s.limitationReasons;
    if (!reasons) continue;
    const flag = new Float64Array(reasons.length);
    for (let i = 0; i < reasons.length; i++)
      flag[i] = reasons[i] === 'bandwidth' ? 1 : typeof reasons[i] === 'string' ? 0 : Number.NaN;
    const at = sampleAt(s.t, flag, times);
    for (let i = 0; i < times.length; i++) {
      if (at[i] === 1) out[i] = true;
      else if (at[i] === 0 && out[i] === undefined) out[i] = false;
    }
  }
  return out;
}

/** The middle of the finite ones of three values (the lower of two), without an array per sample. */
const median3 = (a: number, b: number, c: number): number => {
  const fa = Number.isFinite(a);
  const fb = Number.isFinite(b);
  const fc = Number.isFinite(c);
  if (fa && fb && fc) return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  if (fa && fb) return Math.min(a, b);
  if (fa && fc) return Math.min(a, c);
  if (fb && fc) return Math.min(b, c);
  return fa ? a : fb ? b : fc ? c : Number.NaN;
};

/**
 * Received video: its rate fell well below the highest it had reached, while round-trip time or
 * jitter rose over the call's baseline nearby (queueing). A sender that lowered its rate on its own
 * (an app cap, a smaller window) does not delay its packets.
 */
function receiving(pc: PeerConnectionView): CongestionSignal | undefined {
  const video = pc.streams.filter(
    (s) =>
      s.kind === 'video' &&
      s.direction === 'inbound' &&
      s.firstPacketAt !== undefined &&
      s.series.bitrateKbps,
  );
  if (video.length === 0) return undefined;
  const bins = new Map<number, { t: number; kbps: number; delay: number; flowing: number }>();
  const delays = pc.streams.filter((s) => s.direction === 'inbound');
  const base = baselines(delays);
  // The video streams are among the inbound ones.
  const quarter = quarterKey(delays.map((s) => s.t));
  for (const s of video) {
    for (let i = Math.max(1, activeFrom(s)); i < s.t.length; i++) {
      const v = s.series.bitrateKbps![i]!;
      if (!Number.isFinite(v)) continue;
      const key = quarter(s.t[i]!);
      let bin = bins.get(key);
      if (!bin) {
        bin = { t: s.t[i]!, kbps: 0, delay: 0, flowing: 0 };
        bins.set(key, bin);
      }
      bin.kbps += v;
      if (v >= THRESHOLDS.stoppedKbps) bin.flowing++;
    }
  }
  for (const s of delays) {
    // Jitter, not round-trip time: a round trip also crosses the way back, and a congested way
    // back (feedback arriving late) makes a sender back off on a path that had room.
    const jitter = s.series.jitterMs;
    if (!jitter) continue;
    for (let i = activeFrom(s); i < s.t.length; i++) {
      // Only whether a bin's delay reached delayRiseMs is read: smaller rises need no lookup.
      const rise = (jitter[i] ?? Number.NaN) - base.jitter;
      if (!(rise >= THRESHOLDS.delayRiseMs)) continue;
      const bin = bins.get(quarter(s.t[i]!));
      if (bin) bin.delay = Math.max(bin.delay, rise);
    }
  }
  const sorted = [...bins.values()].sort((a, b) => a.t - b.t);
  if (sorted.length === 0) return undefined;
  const t = sorted.map((b) => b.t);
  const kbps = sorted.map((b) => b.kbps);
  // Prefix counts of the samples whose delay rose, to ask "any within the window?" in O(1).
  const delayedBefore = [0];
  for (const b of sorted)
    delayedBefore.push(
      delayedBefore[delayedBefore.length - 1]! + (b.delay >= THRESHOLDS.delayRiseMs ? 1 : 0),
    );
  // And of the samples where the set of videos changed: a sender that stopped (a muted or turned
  // off camera, a paused layer), or a bridge that started or stopped forwarding a stream, is not a
  // path short of bandwidth, nor are the samples either side. The rate is then compared with the
  // highest it reached since, not with what more streams carried together before.
  const changed = sorted.map(
    (b, i) => b.kbps < THRESHOLDS.stoppedKbps || (i > 0 && b.flowing !== sorted[i - 1]!.flowing),
  );
  const stoppedBefore = [0];
  for (const c of changed) stoppedBefore.push(stoppedBefore[stoppedBefore.length - 1]! + (c ? 1 : 0));
  const congested: number[] = [];
  let peak = 0;
  let highest = 0;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (changed[i]) peak = 0;
    // Any delay rise within the window around this sample (two pointers over sorted times).
    while (lo < i && t[lo]! < t[i]! - THRESHOLDS.delayWindowMs) lo++;
    while (hi + 1 < sorted.length && t[hi + 1]! <= t[i]! + THRESHOLDS.delayWindowMs) hi++;
    const nearDelay = delayedBefore[hi + 1]! - delayedBefore[lo]! > 0;
    const nearStop = stoppedBefore[hi + 1]! - stoppedBefore[lo]! > 0;
    const fallen = kbps[i]! < THRESHOLDS.receivedFallShare * peak;
    congested.push(fallen && nearDelay && !nearStop ? 1 : 0);
    peak = Math.max(peak, kbps[i]!);
    highest = Math.max(highest, kbps[i]!);
  }
  const from = t[0]!;
  return { t, kbps, congested, peakKbps: highest, spanMs: t[t.length - 1]! - from, from };
}

/** Baselines of a connection's delays: the quietest quarter of the call. */
function baselines(streams: readonly RtpStream[]): { jitter: number } {
  const q = (name: 'jitterMs') => {
    const values: number[] = [];
    for (const s of streams) {
      const series = s.series[name];
      if (!series) continue;
      for (let i = activeFrom(s); i < series.length; i++)
        if (Number.isFinite(series[i]!)) values.push(series[i]!);
    }
    if (values.length === 0) return Number.POSITIVE_INFINITY;
    return kthSmallest(values, Math.floor(values.length / 4));
  };
  return { jitter: q('jitterMs') };
}
