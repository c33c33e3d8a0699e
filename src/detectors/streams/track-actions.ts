import type { Episode } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { SessionView } from '../../computed/session-view.js';
import { LIFECYCLE_LIMITS, TRACK_STATE, type TrackLifecycle } from '../../computed/track-lifecycle.js';
import type { Finding } from '../detector.js';
import { ms } from '../severity.js';

/**
 * What the app did to its sending tracks, read from their lifecycle (src/computed/track-lifecycle.ts):
 * a track whose media stopped for good was removed (a renegotiation stopped sending it, or the log
 * has removeTrack), replaced by no track (its sender lost its media source: replaceTrack(null)) or
 * stopped (the same track stayed on the sender: track.stop(), or the device ended it); a sender
 * whose track changed to another one while media kept flowing was replaced.
 */
export interface SendAction {
  action: 'stopped' | 'replaced' | 'removed';
  at: number;
  pc: PeerConnectionView;
  track: TrackLifecycle;
  /** The track that replaced it (null: none). */
  replacedBy?: string | null;
  /** Media stopped for good from `at`. */
  ended: boolean;
}

/** How far apart the signs of one action may be (LIFECYCLE_LIMITS.actionMatchMs). */
export const ACTION_MATCH_MS = LIFECYCLE_LIMITS.actionMatchMs;

const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= ACTION_MATCH_MS;

export function sendActions(session: SessionView): SendAction[] {
  const out: SendAction[] = [];
  for (const pc of session.connections) {
    for (const track of pc.tracks) {
      if (track.direction !== 'outbound') continue;
      const first = track.sources[0];
      // A sender that changed to another track while media went on.
      for (const change of track.sources.slice(1)) {
        if (change.trackId === null || change.trackId === first?.trackId) continue;
        if (track.endedAt !== undefined && near(track.endedAt, change.at)) continue;
        out.push({ action: 'replaced', at: change.at, pc, track, replacedBy: change.trackId, ended: false });
      }
      const at = track.endedAt;
      // Media that stopped because the connection went down is the network's, not the app's.
      if (at === undefined || connectionDown(pc, at - ACTION_MATCH_MS, at + LIFECYCLE_LIMITS.minIdleMs))
        continue;
      const removeCall = pc.apiCalls.find(
        (c) =>
          c.method === 'removeTrack' && (c.kind === undefined || c.kind === track.kind) && near(c.at, at),
      );
      if (near(track.negotiatedOffAt, at) || removeCall) {
        out.push({
          action: 'removed',
          at: Math.min(at, track.negotiatedOffAt ?? removeCall?.at ?? at),
          pc,
          track,
          ended: true,
        });
        continue;
      }
      const lost = track.sources.find((c) => c.trackId === null && near(c.at, at));
      if (lost)
        out.push({ action: 'replaced', at: Math.min(at, lost.at), pc, track, replacedBy: null, ended: true });
      else out.push({ action: 'stopped', at, pc, track, ended: true });
    }
  }
  return out;
}

/** Whether ICE or the connection went disconnected, failed or closed between two times. */
export function connectionDown(pc: PeerConnectionView, from: number, to: number): boolean {
  return [...pc.lifecycle.states.iceConnection, ...pc.lifecycle.states.connection].some(
    (c) =>
      c.at !== undefined &&
      c.at >= from &&
      c.at <= to &&
      (c.state === 'disconnected' || c.state === 'failed' || c.state === 'closed'),
  );
}

/** The recording's end for a track: its connection's last stats sample. */
export const trackEnd = (pc: PeerConnectionView, track: TrackLifecycle): number =>
  Math.max(pc.statsRange?.last ?? 0, track.t[track.t.length - 1] ?? 0);

/** An episode from an action to the end of the recording. */
export const untilEnd = (start: number, end: number): Episode => ({
  start,
  end: Math.max(start, end),
  peak: Math.max(0, end - start),
  peakAt: start,
});

/** Side, direction, media and track of a finding about a track. */
export function trackSubject(track: TrackLifecycle, side: Finding['side']): Partial<Finding> {
  return {
    side,
    direction: track.direction,
    kind: track.kind,
    ...(track.trackId !== undefined ? { trackId: track.trackId } : {}),
    source: {
      pid: track.pcId,
      sid: track.streamId,
      ...(track.ssrc !== undefined ? { ssrcId: track.ssrc } : {}),
    },
  };
}

/** Whether a stream carried real sound or picture at some point (not only silence or black frames). */
export const everFlowed = (track: TrackLifecycle): boolean => track.states.includes(TRACK_STATE.flowing);

/** What a track of this kind is, for people. */
export const trackNoun = (kind: string): string => (kind === 'video' ? 'camera' : 'microphone');

export { LIFECYCLE_LIMITS };

/**
 * The finding of an app action after which this side sent no more of a track's media: low, from
 * the action to the end of the recording. `what` says what the app did ("stopped its camera track
 * at 0:16"); the sentence adds what followed.
 */
export function sendingStopped(
  pc: PeerConnectionView,
  track: TrackLifecycle,
  at: number,
  action: string,
  what: string,
): Finding {
  const end = trackEnd(pc, track);
  return {
    severity: 'low',
    ...trackSubject(track, 'local'),
    episodes: [untilEnd(at, end)],
    durationInMs: end - at,
    indicators: { action, kind: track.kind, silentForMs: end - at },
    meaning: `The app ${what}: no ${track.kind} was sent for the last ${ms(end - at)} of the call.`,
  };
}
