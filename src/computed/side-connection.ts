import type { PeerConnectionView } from './peer-connection-view.js';

const isMedia = (kind: string | undefined) => kind === 'audio' || kind === 'video';

/** Whether a connection had audio or video: tracks, RTP streams or media sections in its SDP. */
export function hasMedia(pc: PeerConnectionView): boolean {
  if (pc.signaling.localTracks.length > 0 || pc.signaling.remoteTracks.length > 0) return true;
  if (pc.streams.some((s) => isMedia(s.kind))) return true;
  return [...pc.signaling.localDescriptions, ...pc.signaling.remoteDescriptions].some((d) =>
    d.summary.sections.some((section) => isMedia(section.kind)),
  );
}

/**
 * The connection that carried the call when `pc` is only a side connection: `pc` had no audio or
 * video, and another of the session's connections was up and had some. Applications open such
 * connections to test the network before or during a call (pre-call tests, probes to a STUN
 * service); their failure says something about the network, not that the call failed.
 */
export function callCarrier(
  connections: readonly PeerConnectionView[],
  pc: PeerConnectionView,
): PeerConnectionView | undefined {
  return callCarriers(connections)(pc);
}

/**
 * callCarrier for each of `connections` in turn. A connection without media cannot carry the call,
 * so every side connection has the same carrier: the first connection that was up with media,
 * found once. Searched again for each connection, a dump of many failed connections took time in
 * the square of their number (issue 26).
 */
export function callCarriers(
  connections: readonly PeerConnectionView[],
): (pc: PeerConnectionView) => PeerConnectionView | undefined {
  let carrier: PeerConnectionView | undefined | null = null;
  return (pc) => {
    if (hasMedia(pc)) return undefined;
    if (carrier === null) carrier = connections.find((other) => other.lifecycle.wasUp && hasMedia(other));
    return carrier;
  };
}
