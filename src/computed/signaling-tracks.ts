import type { TrackEventValue } from '../ingest/event-values.js';
import type { TraceEvent } from '../model/trace-event.js';
import type { Signaling, TrackRecord } from './signaling.js';
import { isObject } from './values.js';

/**
 * The track ids in out.localTracks and out.remoteTracks, kept beside them: a legacy stream event
 * adds only tracks not listed yet, and a search of the list for each would take time in the square
 * of the number of tracks a dump names.
 */
export interface TrackIds {
  local: Set<string | undefined>;
  remote: Set<string | undefined>;
}

export function collectTracks(out: Signaling, e: TraceEvent, ids: TrackIds): void {
  const t = e.timestamp;
  const track = (v: unknown): TrackRecord | undefined => {
    if (!isObject(v)) return undefined;
    const tv = v as Partial<TrackEventValue>;
    return { kind: tv.kind, trackId: tv.trackId, ...(tv.label ? { label: tv.label } : {}), at: t };
  };
  switch (e.type) {
    case 'addTrack': {
      const rec = track(e.value);
      if (rec) {
        out.localTracks.push(rec);
        ids.local.add(rec.trackId);
      }
      break;
    }
    case 'ontrack': {
      const rec = track(e.value);
      if (rec) {
        out.remoteTracks.push(rec);
        ids.remote.add(rec.trackId);
      }
      break;
    }
    case 'addStream':
    case 'onaddstream':
      // Legacy "<streamId> audio:<id>,video:<id>"
      if (typeof e.value === 'string') {
        const local = e.type === 'addStream';
        const list = local ? out.localTracks : out.remoteTracks;
        const seen = local ? ids.local : ids.remote;
        for (const m of e.value.matchAll(/(audio|video):([^,\s]+)/g)) {
          if (seen.has(m[2])) continue;
          seen.add(m[2]);
          list.push({ kind: m[1], trackId: m[2], at: t });
        }
      }
      break;
    case 'createDataChannel':
      out.dataChannels.push({ label: channelLabel(e.value), side: 'local', at: t });
      break;
    case 'ondatachannel':
      out.dataChannels.push({ label: channelLabel(e.value), side: 'remote', at: t });
      break;
    default:
      break;
  }
}

/**
 * Dumps without addTrack/ontrack events (webrtc-internals before M142) still log transceivers:
 * one added by addTrack/addTransceiver sends a local track; one created by setRemoteDescription,
 * or whose current direction receives, carries a remote track.
 */
export function tracksFromTransceivers(out: Signaling, events: readonly TraceEvent[]): void {
  const seen = new Set<string>();
  for (const e of events) {
    if ((e.type !== 'transceiverAdded' && e.type !== 'transceiverModified') || !isObject(e.value)) continue;
    const v = e.value;
    const kind = typeof v.kind === 'string' ? v.kind : undefined;
    const trackOf = (side: unknown) =>
      isObject(side) && typeof side.track === 'string' ? side.track : undefined;
    const local = trackOf(v.sender);
    const remote = trackOf(v.receiver);
    if (local && (v.reason === 'addTrack' || v.reason === 'addTransceiver') && !seen.has(local)) {
      seen.add(local);
      out.localTracks.push({ kind, trackId: local, at: e.timestamp });
    }
    const receives =
      v.reason === 'setRemoteDescription' ||
      (typeof v.currentDirection === 'string' && v.currentDirection.includes('recv'));
    if (remote && receives && !seen.has(remote)) {
      seen.add(remote);
      out.remoteTracks.push({ kind, trackId: remote, at: e.timestamp });
    }
  }
}

function channelLabel(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : typeof v[1] === 'string' ? v[1] : undefined;
  if (isObject(v)) {
    const label = v.label ?? v['0'];
    return typeof label === 'string' ? label : undefined;
  }
  return undefined;
}
