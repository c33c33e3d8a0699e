import { isStateEvent, normalizeState } from './event-types.js';
import { parseIceCandidateError } from './internals/legacy-values.js';

export interface TrackEventValue {
  kind: string | undefined;
  trackId: string | undefined;
  label?: string;
  streamIds: string[];
}

/**
 * Gives event payloads one shape across formats once their text encoding is decoded:
 * states as plain strings, track events as {kind, trackId, label?, streamIds}, ICE candidate
 * errors as {url, address, port, hostCandidate, errorCode, errorText}.
 */
export function normalizeEventValue(type: string, value: unknown): unknown {
  if (isStateEvent(type)) return normalizeState(value) ?? null;
  switch (type) {
    case 'ontrack':
      return normalizeTrackValue(value, true) ?? value;
    case 'addTrack':
    case 'removeTrack':
      return normalizeTrackValue(value, false) ?? value;
    case 'onicecandidateerror':
      return parseIceCandidateError(value) ?? value;
    default:
      return value === undefined ? null : value;
  }
}

/**
 * Track payloads: `{kind, id, label, streams}` (webrtc-internals M142+), `[kind, id, label, ...streams]`
 * (ontrack, rtcstats v3 and Chrome's export), `[kind, id, ...streams]` (addTrack there),
 * `"video:<id> stream:<streamId>"` (legacy clients).
 */
export function normalizeTrackValue(value: unknown, arrayHasLabel: boolean): TrackEventValue | undefined {
  if (typeof value === 'string') {
    const m = /^(audio|video):(\S+)(?:\s+stream:(\S+))?/.exec(value);
    if (!m) return undefined;
    return { kind: m[1], trackId: m[2], streamIds: m[3] ? [m[3]] : [] };
  }
  if (Array.isArray(value)) {
    const [kind, trackId, ...rest] = value;
    const strings = rest.filter((s): s is string => typeof s === 'string');
    const hasLabel = arrayHasLabel && strings.length > 0;
    return {
      kind: typeof kind === 'string' ? kind : undefined,
      trackId: typeof trackId === 'string' ? trackId : undefined,
      ...(hasLabel ? { label: strings[0] } : {}),
      streamIds: hasLabel ? strings.slice(1) : strings,
    };
  }
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const streams = Array.isArray(v.streams)
      ? v.streams.filter((s): s is string => typeof s === 'string')
      : [];
    return {
      kind: typeof v.kind === 'string' ? v.kind : undefined,
      trackId: typeof v.id === 'string' ? v.id : typeof v.trackId === 'string' ? v.trackId : undefined,
      ...(typeof v.label === 'string' ? { label: v.label } : {}),
      streamIds: streams,
    };
  }
  return undefined;
}
