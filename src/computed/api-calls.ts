/** A call the app made on the connection, from its event log. */
export interface ApiCall {
  at: number;
  method: string;
  kind?: string;
  trackId?: string | null;
  mid?: string;
  direction?: string;
}

const API_METHODS = new Set([
  'addTrack',
  'removeTrack',
  'replaceTrack',
  'setParameters',
  'addTransceiver',
  'restartIce',
]);

/**
 * The app's calls on its tracks and senders from the event log: addTrack, removeTrack,
 * replaceTrack, setParameters, addTransceiver, restartIce where the format traces them (the
 * rtcstats clients do; webrtc-internals logs addTrack and restartIce), and a transceiver whose
 * sender lost its track with a direction that no longer sends (webrtc-internals'
 * transceiverModified after removeTrack), as removeTrack.
 */
export function apiCalls(
  events: readonly { type: string; timestamp: number | undefined; value: unknown }[],
): ApiCall[] {
  const out: ApiCall[] = [];
  const sending = new Map<string, boolean>();
  for (const e of events) {
    if (e.timestamp === undefined) continue;
    if (API_METHODS.has(e.type)) {
      const v = (e.value ?? {}) as Record<string, unknown>;
      const call: ApiCall = { at: e.timestamp, method: e.type };
      if (typeof v.kind === 'string') call.kind = v.kind;
      if (typeof v.trackId === 'string') call.trackId = v.trackId;
      out.push(call);
      continue;
    }
    if (e.type !== 'transceiverModified' && e.type !== 'transceiverAdded') continue;
    const v = e.value as { mid?: unknown; kind?: unknown; direction?: unknown; sender?: { track?: unknown } };
    if (!v || typeof v !== 'object' || typeof v.mid !== 'string') continue;
    const sends = v.sender?.track !== null && v.sender?.track !== undefined;
    const direction = typeof v.direction === 'string' ? v.direction : undefined;
    if (sending.get(v.mid) && !sends && direction !== 'sendrecv' && direction !== 'sendonly') {
      out.push({
        at: e.timestamp,
        method: 'removeTrack',
        mid: v.mid,
        trackId: null,
        ...(typeof v.kind === 'string' ? { kind: v.kind } : {}),
        ...(direction ? { direction } : {}),
      });
    }
    sending.set(v.mid, sends);
  }
  return out;
}
