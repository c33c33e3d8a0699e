import { selectedPairRtts } from '../../computed/ice-transport.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { RtpStream, SeriesName } from '../../computed/rtp-streams.js';
import { appendAll, distributionOf } from '../../computed/series-math.js';
import { indexFrom } from './numbers.js';

export type Scope = 'in_audio' | 'out_audio' | 'in_video' | 'out_video';
export const SCOPES: readonly Scope[] = ['in_audio', 'out_audio', 'in_video', 'out_video'];

const METRICS: readonly { metric: string; series: SeriesName; unit: string }[] = [
  { metric: 'jitter', series: 'jitterMs', unit: 'ms' },
  { metric: 'rtt', series: 'rttMs', unit: 'ms' },
  { metric: 'bitrate', series: 'bitrateKbps', unit: 'kbps' },
  { metric: 'packetLoss', series: 'lossPercent', unit: 'percent' },
];

export function scopeOf(s: RtpStream): Scope {
  return `${s.direction === 'inbound' ? 'in' : 'out'}_${s.kind}` as Scope;
}

/** Samples of one metric from every stream of a scope, from the time media started flowing. */
export function scopeSamples(
  views: readonly PeerConnectionView[],
  scope: Scope,
  series: SeriesName,
): number[] {
  return samplesOf(scopeStreams(views, scope), series);
}

function scopeStreams(views: readonly PeerConnectionView[], scope: Scope): RtpStream[] {
  const out: RtpStream[] = [];
  for (const view of views) for (const s of view.streams) if (scopeOf(s) === scope) out.push(s);
  return out;
}

/** The finite samples of `series` of each stream from its first packet on, pushed one by one. */
function samplesOf(streams: readonly RtpStream[], series: SeriesName): number[] {
  const out: number[] = [];
  for (const s of streams) {
    const values = s.series[series];
    if (!values) continue;
    for (let i = indexFrom(s.t, s.firstPacketAt); i < values.length; i++) {
      const v = values[i]!;
      if (Number.isFinite(v)) out.push(v);
    }
  }
  return out;
}

/**
 * Session-wide figures, `<metric>_<scope>_<agg>_<unit>`, over every sample of every stream of the
 * scope. Round trip time falls back to the selected candidate pairs (STUN) for scopes whose
 * RTCP reports carried none. Keys are present only where something was measured.
 */
export function aggregatedStats(views: readonly PeerConnectionView[]): Record<string, number> {
  const out: Record<string, number> = {};
  const jitterAll: number[] = [];
  const rttAll: number[] = [];
  for (const scope of SCOPES) {
    // The scope's streams once, not per metric (a scope name is a string built per stream).
    const streams = scopeStreams(views, scope);
    out[`${scope}_count`] = streams.length;
    if (streams.length === 0) continue;
    for (const { metric, series, unit } of METRICS) {
      let samples = samplesOf(streams, series);
      if (samples.length === 0 && metric === 'rtt') samples = pairRttSamples(views, scope);
      if (metric === 'jitter') appendAll(jitterAll, samples);
      if (metric === 'rtt') appendAll(rttAll, samples);
      const d = distributionOf(samples);
      if (!d) continue;
      const base = `${metric}_${scope}`;
      out[`${base}_avg_${unit}`] = d.avg;
      out[`${base}_min_${unit}`] = d.min;
      out[`${base}_max_${unit}`] = d.max;
      out[`${base}_p5_${unit}`] = d.p5;
      out[`${base}_p95_${unit}`] = d.p95;
      out[`${base}_stddev_${unit}`] = d.stddev;
    }
  }
  const jitter = distributionOf(jitterAll);
  const rtt = distributionOf(rttAll);
  if (jitter) out.jitter_avg_ms = jitter.avg;
  if (rtt) out.rtt_avg_ms = rtt.avg;
  return out;
}

function pairRttSamples(views: readonly PeerConnectionView[], scope: Scope): number[] {
  const out: number[] = [];
  for (const view of views) {
    if (view.streams.some((s) => scopeOf(s) === scope)) appendAll(out, selectedPairRtts(view.ice));
  }
  return out;
}
