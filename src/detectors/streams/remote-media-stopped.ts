import { callClock } from '../../computed/call-times.js';
import type { Episode } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { firstIndexWhere } from '../../computed/series-math.js';
import { LIFECYCLE_LIMITS, TRACK_STATE, type TrackLifecycle } from '../../computed/track-lifecycle.js';
import type { Observation } from '../../model/payload/observation.js';
import { defineDetector, type Finding } from '../detector.js';
import { ms } from '../severity.js';
import { timesAscending } from '../times-ascending.js';
import { connectionDown, trackEnd, trackSubject } from './track-actions.js';

const LIMITS = {
  /** Share of the gap during which another stream of the connection must still carry media. */
  healthyShare: 0.8,
} as const;

/** What received media that stopped brings about for the receiving user. */
const CONSEQUENCES = [
  'videoPaused',
  'highFreezeDuration',
  'lowFrameRate',
  'audioConcealment',
  'audioInterruptions',
  'longMute',
  'unusedStream',
];

/** The app actions on a sending track that stop what the other side receives. */
const SENDER_ACTIONS = new Set(['trackStopped', 'trackReplaced', 'trackRemoved']);

/**
 * Received media stopped while the connection was healthy (other media kept arriving): the other
 * side stopped sending it. A problem for the receiving user: their video or audio went away.
 */
export default defineDetector({
  meta: {
    type: 'remoteMediaStopped',
    title: 'Received media stopped',
    severities: ['high', 'medium', 'low'],
    tags: ['inbound', 'behavior'],
    category: 'streams',
    description:
      "Media this client was receiving stopped arriving while the connection was healthy (its other received media kept arriving; with nothing else received, ICE stayed connected): the other side stopped sending it (their app stopped, replaced or removed the track, or their device ended it). For the user here the other person's video or audio went away. High when it never came back; medium when it resumed. When the connection received several streams of that kind (an SFU's participants), one that stops for good is as often someone leaving the call or turning their camera or microphone off: low. Not reported when this side's own tracks stopped at the same moment (the call being hung up). When the other side's connection is in the same dump, its app's action is named.",
    remedy:
      "Look at the other side's dump for what its app did at that moment; if the app meant it, tell the receiving user (show an avatar or a 'camera off' state rather than a frozen frame).",
    thresholds: [
      {
        name: 'stopped',
        value: LIFECYCLE_LIMITS.minIdleMs,
        unit: 'ms without packets',
        source: 'callscope: longer than a stall of a poll or two',
      },
      {
        name: 'healthy',
        value: LIMITS.healthyShare,
        unit: 'share of the gap with other media arriving',
        source: 'callscope: the connection itself kept working',
      },
      {
        name: 'hang-up',
        value: LIFECYCLE_LIMITS.actionMatchMs,
        unit: 'ms between this side stopping its own tracks and the received media stopping',
        source: 'callscope: stats are polled about once a second',
      },
    ],
    related: ['remoteTrackMuted', 'trackStopped', 'connectionInterrupted', 'videoPaused'],
    family: 'remote',
    explains: CONSEQUENCES,
    stage: 'cause',
  },
  applies: (session) => session.connections.some((pc) => pc.tracks.some((t) => t.direction === 'inbound')),
  run: (session, context) => {
    const clock = callClock(session);
    const findings: Finding[] = [];
    for (const pc of session.connections) {
      for (const track of pc.tracks) {
        if (track.direction !== 'inbound') continue;
        const gaps = track.idle.filter((e) => healthy(pc, track, e) && !hangingUp(pc, e));
        if (gaps.length === 0) continue;
        const end = trackEnd(pc, track);
        const last = gaps[gaps.length - 1]!;
        const never = track.endedAt !== undefined && last.start === track.endedAt;
        const first = gaps[0]!;
        const total = gaps.reduce((sum, e) => sum + (e.end - e.start), 0);
        const action = senderAction(context.observations, pc, track);
        // Several senders of one kind on the connection (an SFU's participants): one that stops
        // for good is as often a participant leaving or a stream switched off as a loss.
        const group = never && manySenders(pc, track);
        const why = action
          ? `: the other side's app ${action.what}`
          : group
            ? `; in a group call that is often someone leaving or turning their ${track.kind === 'video' ? 'camera' : 'microphone'} off`
            : '';
        findings.push({
          severity: group ? 'low' : never ? 'high' : 'medium',
          ...trackSubject(track, 'remote'),
          episodes: never ? [...gaps.slice(0, -1), { ...last, end: Math.max(last.end, end) }] : gaps,
          valueInCount: gaps.length,
          durationInMs: total,
          indicators: {
            kind: track.kind,
            stops: gaps.length,
            stoppedMs: total,
            resumed: !never,
            ...(action ? { senderAction: action.type } : {}),
          },
          meaning: never
            ? `Their ${track.kind} stopped arriving at ${clock(first.start)} and never came back, while the connection was up${why}.`
            : `Their ${track.kind} stopped arriving at ${clock(first.start)} for ${ms(first.end - first.start)}${gaps.length > 1 ? ` (${gaps.length} times, ${ms(total)} in all)` : ''}, while the connection was up${why}.`,
        });
      }
    }
    return findings;
  },
});

/**
 * Whether the connection kept working during a gap of one received stream: another received
 * stream kept arriving (what this side sends says nothing: a sender sends into a dead path too).
 */
function healthy(pc: PeerConnectionView, track: TrackLifecycle, gap: Episode): boolean {
  const others = pc.tracks.filter((t) => t !== track && t.direction === 'inbound');
  for (const other of others) {
    let inGap = 0;
    let flowing = 0;
    // Sample times in order (the usual case): only those inside the gap are read, from the first
    // after its start, found by bisection; a stream in every gap of every other one was read whole.
    const sorted = timesAscending(other.t) && !Number.isNaN(gap.start);
    const from = sorted ? firstIndexWhere(other.t.length, (i) => other.t[i]! > gap.start) : 0;
    for (let i = from; i < other.t.length; i++) {
      const at = other.t[i]!;
      if (sorted && at > gap.end) break;
      if (at <= gap.start || at > gap.end) continue;
      inGap++;
      const s = other.states[i];
      if (s === TRACK_STATE.flowing || s === TRACK_STATE.muted) flowing++;
    }
    if (inGap > 0 && flowing >= LIMITS.healthyShare * inGap) return true;
  }
  if (others.length > 0) return false;
  // The only received stream: the connection's own state says whether it was up.
  return !connectionDown(pc, gap.start - LIFECYCLE_LIMITS.minIdleMs, gap.end);
}

/** More than one received stream of the track's kind on its connection. */
const manySenders = (pc: PeerConnectionView, track: TrackLifecycle): boolean =>
  pc.tracks.filter((t) => t.direction === 'inbound' && t.kind === track.kind).length > 1;

/**
 * Whether this side's own tracks stopped at the same moment: the call was being hung up (both
 * ends tear their media down together while the stats go on for a while), not a loss.
 */
const hangingUp = (pc: PeerConnectionView, gap: Episode): boolean =>
  pc.tracks.some(
    (t) =>
      t.direction === 'outbound' &&
      t.endedAt !== undefined &&
      Math.abs(t.endedAt - gap.start) <= LIFECYCLE_LIMITS.actionMatchMs,
  );

/** The other side's app action on this stream, when its connection is in the same dump. */
function senderAction(
  observations: readonly Observation[],
  pc: PeerConnectionView,
  track: TrackLifecycle,
): { type: string; what: string } | undefined {
  if (track.ssrc === undefined) return undefined;
  const o = observations.find(
    (x) => SENDER_ACTIONS.has(x.type) && x.source.ssrcId === track.ssrc && x.source.pid !== pc.id,
  );
  if (!o) return undefined;
  const what =
    o.type === 'trackStopped'
      ? `stopped its ${track.kind} track`
      : o.type === 'trackRemoved'
        ? `removed its ${track.kind} track`
        : `replaced its ${track.kind} track`;
  return { type: o.type, what };
}
