import type { TraceEvent } from '../../model/trace-event.js';
import { GDM, GUM, type MediaTrackInfo } from '../media-events.js';
import { parseConstraintText } from './legacy-values.js';

/**
 * webrtc-internals `getUserMedia[]` entries: requests (with `origin`), and since ~M142 their
 * results in the same array (no `origin`; `stream_id` + track infos, or `error`), correlated by
 * `(rid, pid, request_id)`.
 */
export function getUserMediaEvent(entry: unknown): TraceEvent | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const e = entry as Record<string, unknown>;
  const base = e.request_type === 'getDisplayMedia' ? GDM : GUM;
  const timestamp = typeof e.timestamp === 'number' && Number.isFinite(e.timestamp) ? e.timestamp : undefined;
  const extra = [
    `${String(e.request_type ?? 'getUserMedia')}-${String(e.rid)}-${String(e.pid)}-${String(e.request_id ?? 0)}`,
  ];
  if (typeof e.url === 'string') extra.push(e.url);
  if ('error' in e) {
    const message = e.error_message;
    return {
      type: `${base}OnFailure`,
      timestamp,
      value: { name: String(e.error), ...(typeof message === 'string' && message !== '' ? { message } : {}) },
      extra,
    };
  }
  if ('stream_id' in e || 'audio_track_info' in e || 'video_track_info' in e) {
    const tracks: MediaTrackInfo[] = [];
    for (const kind of ['audio', 'video'] as const) {
      const info = trackInfo(e[`${kind}_track_info`]);
      if (info) tracks.push({ kind, id: info.id, label: info.label });
    }
    return {
      type: `${base}OnSuccess`,
      timestamp,
      value: { streamId: typeof e.stream_id === 'string' ? e.stream_id : undefined, tracks },
      extra,
    };
  }
  const value: Record<string, unknown> = {};
  if (typeof e.audio === 'string') value.audio = parseConstraintText(e.audio);
  if (typeof e.video === 'string') value.video = parseConstraintText(e.video);
  return { type: base, timestamp, value, extra };
}

/**
 * `*_track_info`: JSON `{"id","label"}` or `"null"` since M142; before that the tracker wrote
 * `"id:<id> label:<label>"`, or `""` for a missing track.
 */
function trackInfo(raw: unknown): { id: string; label: string } | undefined {
  if (typeof raw !== 'string' || raw === 'null' || raw === '') return undefined;
  const text = /^id:(\S*) label:(.*)$/s.exec(raw);
  if (text) return { id: text[1]!, label: text[2]! };
  try {
    const v = JSON.parse(raw) as { id?: unknown; label?: unknown } | null;
    if (!v) return undefined;
    return { id: String(v.id ?? ''), label: String(v.label ?? '') };
  } catch {
    return undefined;
  }
}
