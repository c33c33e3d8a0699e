import { type Episode, type EpisodeRule, episodes } from '../computed/episodes.js';
import type { PeerConnectionView } from '../computed/peer-connection-view.js';
import type { Direction, MediaKind, RtpStream, SeriesName } from '../computed/rtp-streams.js';
import type { SessionView } from '../computed/session-view.js';
import { activeFrom } from '../computed/stream-samples.js';
import { RunMemo } from './run-memo.js';

export { activeFrom };

type StreamOf = { readonly pc: PeerConnectionView; readonly stream: RtpStream };
interface StreamFilter {
  kind?: MediaKind;
  direction?: Direction;
}

/**
 * Lists memoised per session and filter: some seventy detector calls ask for them, and on a dump of
 * thousands of streams building each anew was a quarter of the detectors' time. Shared arrays:
 * callers must not modify them (readonly says so).
 */
const listsOf = new RunMemo<SessionView, Map<string, readonly StreamOf[]>>();
function memo(session: SessionView, key: string, build: () => readonly StreamOf[]): readonly StreamOf[] {
  let lists = listsOf.get(session);
  if (!lists) {
    lists = new Map();
    listsOf.set(session, lists);
  }
  let list = lists.get(key);
  if (!list) {
    list = build();
    lists.set(key, list);
  }
  return list;
}

/** Media streams of the session, optionally of one kind and direction, with their connection. */
export function mediaStreams(session: SessionView, filter: StreamFilter = {}): readonly StreamOf[] {
  return memo(session, `all ${filter.kind} ${filter.direction}`, () => {
    const out: StreamOf[] = [];
    for (const pc of session.connections) {
      for (const stream of pc.streams) {
        if (filter.kind && stream.kind !== filter.kind) continue;
        if (filter.direction && stream.direction !== filter.direction) continue;
        out.push({ pc, stream });
      }
    }
    return out;
  });
}

/** Streams that carried media (some packets). */
export function flowingStreams(session: SessionView, filter: StreamFilter = {}): readonly StreamOf[] {
  return memo(session, `flowing ${filter.kind} ${filter.direction}`, () =>
    mediaStreams(session, filter).filter(({ stream }) => (stream.totals.packets ?? 0) > 0),
  );
}

export interface Exceedance {
  /** Share (0..1) of measured active samples above the limit. */
  share: number;
  /** Measured active samples, and those above the limit. */
  samples: number;
  above: number;
  /**
   * Onset of the first sustained stretch above the limit (the first sample above it when every
   * stretch was a blip).
   */
  firstAt: number | undefined;
  /** The sustained stretches above the limit. */
  episodes: Episode[];
  max: number;
  avg: number;
  /** Mean of the samples above the limit. */
  avgAbove: number;
  /** Time spent above the limit (sum of the sample intervals), ms. */
  durationMs: number;
}

/** How often, since media started, a stream's series was above `limit`, and in which stretches. */
export function exceedance(
  stream: RtpStream,
  series: SeriesName,
  limit: number,
  rule: Omit<EpisodeRule, 'above'> = {},
): Exceedance | undefined {
  const values = stream.series[series];
  if (!values) return undefined;
  const t = stream.t;
  let samples = 0;
  let above = 0;
  let sum = 0;
  let sumAbove = 0;
  let max = Number.NEGATIVE_INFINITY;
  let firstAt: number | undefined;
  let durationMs = 0;
  for (let i = activeFrom(stream); i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    samples++;
    sum += v;
    if (v > max) max = v;
    if (v > limit) {
      above++;
      sumAbove += v;
      firstAt ??= t[i];
      const dt = i > 0 ? t[i]! - t[i - 1]! : 0;
      if (dt > 0 && dt < 60_000) durationMs += dt;
    }
  }
  if (samples === 0) return undefined;
  const stretches = above > 0 ? episodes(t, values, { ...rule, above: limit }, activeFrom(stream)) : [];
  return {
    share: above / samples,
    samples,
    above,
    firstAt: stretches[0]?.start ?? firstAt,
    episodes: stretches,
    max,
    avg: sum / samples,
    avgAbove: above ? sumAbove / above : 0,
    durationMs,
  };
}

/** Duration of the call in ms (0 when unknown). */
export function callDurationMs(session: SessionView): number {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const pc of session.connections) {
    for (const t of [
      pc.lifecycle.firstEventAt,
      pc.statsRange?.first,
      pc.lifecycle.lastEventAt,
      pc.statsRange?.last,
    ]) {
      if (t === undefined) continue;
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
  }
  return Number.isFinite(first) ? last - first : 0;
}

export function streamSource(pc: PeerConnectionView, stream: RtpStream) {
  return { pid: pc.id, sid: stream.id, ...(stream.ssrc !== undefined ? { ssrcId: stream.ssrc } : {}) };
}

export const kindLabel = (kind: MediaKind): string => (kind === 'audio' ? 'Audio' : 'Video');
export const directionLabel = (d: Direction): string => (d === 'inbound' ? 'received' : 'sent');

/** Which media of which direction an observation of one stream is about (the story's "which track"). */
export function streamSubject(stream: RtpStream): {
  direction: Direction;
  kind: MediaKind;
  trackId?: string;
} {
  return {
    direction: stream.direction,
    kind: stream.kind,
    ...(stream.trackId !== undefined ? { trackId: stream.trackId } : {}),
  };
}

/** The sustained stretches of a stream's series above `above`, from its first packet on. */
export function streamEpisodes(
  stream: RtpStream,
  values: ArrayLike<number> | undefined,
  above: number,
  rule: Omit<EpisodeRule, 'above'> = {},
): Episode[] {
  return values ? episodes(stream.t, values, { ...rule, above }, activeFrom(stream)) : [];
}

/** `scale` × a / b per sample (NaN where b is not positive): e.g. NACKs per 100 packets. */
export function ratioSeries(
  a: ArrayLike<number> | undefined,
  b: ArrayLike<number> | undefined,
  scale: number,
): Float64Array | undefined {
  if (!a || !b) return undefined;
  const n = Math.min(a.length, b.length);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = b[i]! > 0 ? (scale * a[i]!) / b[i]! : Number.NaN;
  return out;
}
