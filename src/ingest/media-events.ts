/**
 * getUserMedia / getDisplayMedia records differ in every format. They are normalized to:
 * request `{audio?, video?}` (constraints: `true`, an object, or the recorded text),
 * success `{streamId?, tracks: [{kind, id, label}]}`, failure `{name, message?}`.
 */
export const GUM = 'navigator.mediaDevices.getUserMedia';
export const GDM = 'navigator.mediaDevices.getDisplayMedia';

export interface MediaTrackInfo {
  kind: string;
  id: string;
  label: string;
}

export function isMediaRequestType(type: string): boolean {
  return type === GUM || type === GDM;
}

export function normalizeMediaSuccess(value: unknown): { streamId?: string; tracks: MediaTrackInfo[] } {
  // rtcstats v3 / Chrome export: [[kind, id, label, streamId], …]
  if (Array.isArray(value)) {
    const tracks: MediaTrackInfo[] = [];
    let streamId: string | undefined;
    for (const t of value) {
      if (!Array.isArray(t)) continue;
      tracks.push({
        kind: String(t[0] ?? ''),
        id: String(t[1] ?? ''),
        label: t.length > 3 ? String(t[2] ?? '') : '',
      });
      const sid = t.length > 3 ? t[3] : t[2];
      if (typeof sid === 'string') streamId = sid;
    }
    return { streamId, tracks };
  }
  // rtcstats v2 / legacy: {id, tracks: [{id, kind, label, …}]}
  if (value && typeof value === 'object') {
    const v = value as { id?: unknown; tracks?: unknown };
    const tracks = Array.isArray(v.tracks)
      ? v.tracks
          .filter((t): t is Record<string, unknown> => !!t && typeof t === 'object')
          .map((t) => ({ kind: String(t.kind ?? ''), id: String(t.id ?? ''), label: String(t.label ?? '') }))
      : [];
    return { streamId: typeof v.id === 'string' ? v.id : undefined, tracks };
  }
  return { tracks: [] };
}

export function normalizeMediaFailure(value: unknown): { name: string; message?: string } {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const name = v.error ?? v.name ?? 'Error';
    const message = v.error_message ?? v.message;
    return {
      name: String(name),
      ...(message !== undefined && message !== '' ? { message: String(message) } : {}),
    };
  }
  const text = String(value ?? 'Error');
  // "NotAllowedError: Permission denied" or just "NotReadableError"
  const m = /^(\w+Error|\w+)(?::\s*(.*))?$/s.exec(text);
  return m?.[2] ? { name: m[1]!, message: m[2] } : { name: m?.[1] ?? text };
}
