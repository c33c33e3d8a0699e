import { type Episode, flagEpisodes } from './episodes.js';
import { negotiatedOffAt } from './negotiated-direction.js';
import type { Direction, MediaKind, RtpStream } from './rtp-stream-types.js';
import type { Signaling } from './signaling.js';
import type { SourceChange } from './stream-sources.js';

export { type ApiCall, apiCalls } from './api-calls.js';

/**
 * What happened to each sending and receiving track of a connection, from its stats: when media
 * flowed, when it was muted (digital silence, black frames), when nothing flowed, when it stopped
 * for good, which track a sender carried (replaceTrack) and when the negotiated direction stopped
 * carrying it (removeTrack).
 */

/** A sample's state: no data, media flowing, flowing but muted, nothing flowing. */
export const TRACK_STATE = { unknown: 0, flowing: 1, muted: 2, idle: 3 } as const;

export const LIFECYCLE_LIMITS = {
  /**
   * Below this many packets a second nothing flows. Opus with DTX still sends one packet every
   * 400 ms in silence (RFC 7587 §3.1.3: 2.5 packets/s), video at least a frame a second.
   */
  idlePacketRate: 1,
  /**
   * Digital silence: audioLevel is a 16-bit signal's peak over 32767, so silence reads 0 at the
   * source and one step (1/32767, 3.05e-5) once decoded (Chromium's receiving side on the
   * recorded calls); a microphone's noise floor is far above (clientMonitor: RMS under 0.001 is a
   * capture failure).
   */
  silentLevel: 4e-5,
  /**
   * Below this many kbit per frame a video stream carries black frames: Chromium sends black
   * frames for a disabled video track (track.enabled = false, W3C mediacapture-main §4.3.1.1),
   * measured 1.0-1.3 kbit per 640x480 VP8 frame on the recorded calls (20.8-26 kbit/s at 20 fps),
   * where camera video capped at 100 kbit/s still spent 8-10 kbit per frame.
   */
  blackFrameKbits: 2,
  /**
   * A mute shorter than this is a pause in speech (the recorded speech has 2 s gaps of digital
   * silence): the 4 s run of jitsi's no-audio detection, as silentMicrophone uses.
   */
  minMuteMs: 4_000,
  /** A stats sample missing between two idle ones (polled about once a second) does not end a stop. */
  missingSampleMs: 2_000,
  /** Media that stops for this long is stopped, not a stall of a second or two. */
  minIdleMs: 5_000,
  /**
   * How far apart the signs of one action on a track may be: the stats are polled about once a
   * second, so the sample that shows a sender's new source and the one that shows its packets
   * stopping can come a poll or two after the call (the recorded removeTrack: the answer at
   * +14.4 s, the stats at +15.0 s).
   */
  actionMatchMs: 3_000,
} as const;

export interface TrackLifecycle {
  pcId: string;
  streamId: string;
  kind: MediaKind;
  direction: Direction;
  mid?: string;
  ssrc?: number;
  trackId?: string;
  contentType?: string;
  t: ArrayLike<number>;
  /** TRACK_STATE per sample, aligned with `t`. */
  states: Uint8Array;
  /** Sustained stretches of muted media (packets flowing, silent or black). */
  muted: Episode[];
  /** Sustained stretches with nothing flowing, after media had started. */
  idle: Episode[];
  /** Media stopped for good: the start of an idle stretch that lasts to the stream's last sample. */
  endedAt?: number;
  /** The last sample at which media flowed. */
  lastFlowAt?: number;
  /** Sending: the track it carried over time (replaceTrack, removeTrack). */
  sources: SourceChange[];
  /** When a renegotiation stopped carrying it in its direction (removeTrack, direction change). */
  negotiatedOffAt?: number;
}

export interface LifecycleInput {
  id: string;
  streams: readonly RtpStream[];
  signaling: Signaling;
  /** The connection's first and last stats sample times. */
  statsRange: { first: number; last: number } | undefined;
}

export function trackLifecycles(pc: LifecycleInput): TrackLifecycle[] {
  return pc.streams.map((s) => trackLifecycle(pc, s));
}

export function trackLifecycle(pc: LifecycleInput, s: RtpStream): TrackLifecycle {
  const n = s.t.length;
  const states = new Uint8Array(n);
  const rate = s.series.packetRate;
  const level = s.kind === 'audio' ? s.series.audioLevel : undefined;
  const kbps = s.series.bitrateKbps;
  const fps = s.series.framesPerSecond;
  const screen = s.contentType === 'screenshare';
  let started = false;
  let lastFlowAt: number | undefined;
  for (let i = 0; i < n; i++) {
    const r = rate?.[i];
    if (r === undefined || !Number.isFinite(r)) continue;
    if (r < LIFECYCLE_LIMITS.idlePacketRate) {
      if (started) states[i] = TRACK_STATE.idle;
      continue;
    }
    started = true;
    lastFlowAt = s.t[i];
    states[i] = TRACK_STATE.flowing;
    if (level && level[i]! <= LIFECYCLE_LIMITS.silentLevel) states[i] = TRACK_STATE.muted;
    const f = fps?.[i];
    const b = kbps?.[i];
    if (s.kind === 'video' && !screen && f !== undefined && f > 0 && b !== undefined && b >= 0)
      if (b / f < LIFECYCLE_LIMITS.blackFrameKbits) states[i] = TRACK_STATE.muted;
  }
  // A loop, not Array.from(states, f): that walks a typed array through its iterator.
  const flags = (state: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const v = states[i]!;
      out.push(v === state ? 1 : v === 0 ? Number.NaN : 0);
    }
    return out;
  };
  const muted = flagEpisodes(s.t, flags(TRACK_STATE.muted), {
    minDurationMs: LIFECYCLE_LIMITS.minMuteMs,
    mergeGapMs: 0,
  });
  // A sample missing from the stats (NaN) does not end a stop: the next one's interval spans it.
  const idle = flagEpisodes(s.t, flags(TRACK_STATE.idle), {
    minDurationMs: LIFECYCLE_LIMITS.minIdleMs,
    mergeGapMs: LIFECYCLE_LIMITS.missingSampleMs,
  });
  const last = idle[idle.length - 1];
  const out: TrackLifecycle = {
    pcId: pc.id,
    streamId: s.id,
    kind: s.kind,
    direction: s.direction,
    t: s.t,
    states,
    muted,
    idle,
    sources: s.sources ?? [],
  };
  if (s.mid !== undefined) out.mid = s.mid;
  if (s.ssrc !== undefined) out.ssrc = s.ssrc;
  if (s.trackId !== undefined) out.trackId = s.trackId;
  if (s.contentType !== undefined) out.contentType = s.contentType;
  let lastKnown = n - 1;
  while (lastKnown > 0 && states[lastKnown] === TRACK_STATE.unknown) lastKnown--;
  if (last && last.end >= s.t[lastKnown]!) out.endedAt = last.start;
  // A report that stops being updated (Chromium's outbound-rtp of a stopped audio track keeps its
  // timestamp, so the rtcstats client's rows repeat it) leaves the stream's own samples short of
  // the call: it ended when it last flowed.
  else if (
    lastFlowAt !== undefined &&
    pc.statsRange !== undefined &&
    pc.statsRange.last - lastFlowAt >= LIFECYCLE_LIMITS.minIdleMs &&
    s.lastSeenAt - lastFlowAt < LIFECYCLE_LIMITS.minIdleMs
  ) {
    out.endedAt = lastFlowAt;
    out.idle.push({ start: lastFlowAt, end: pc.statsRange.last, peak: 1, peakAt: lastFlowAt });
  }
  if (lastFlowAt !== undefined) out.lastFlowAt = lastFlowAt;
  const off = negotiatedOffAt(pc.signaling, s.mid, s.direction === 'outbound' ? 'send' : 'receive');
  if (off !== undefined) out.negotiatedOffAt = off;
  return out;
}

/**
 * A stopped stream's frame rate is 0 from when it stopped: browsers keep the `framesPerSecond`
 * gauge of a stream whose track stopped at its last value (Chromium 156 reported 20 fps for 14 s
 * after `track.stop()`, with framesSent and framesReceived flat), which tables and averages would
 * otherwise show as if video went on. Only a stop that lasts to the end: a pause that resumes
 * keeps what the browser reported.
 */
export function zeroIdleFrameRates(stream: RtpStream, track: TrackLifecycle): void {
  const fps = stream.series.framesPerSecond;
  const from = track.endedAt;
  if (!fps || stream.kind !== 'video' || from === undefined) return;
  for (let i = 0; i < fps.length && i < track.states.length; i++)
    if (stream.t[i]! > from && track.states[i] !== TRACK_STATE.flowing) fps[i] = 0;
}

/** Whether a sample time falls in one of the track's sustained stops. */
export const inIdle = (track: TrackLifecycle, at: number): boolean =>
  track.idle.some((e) => at > e.start && at <= e.end);
