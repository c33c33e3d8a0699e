import type { SessionView } from '../../computed/session-view.js';

/**
 * Devices the session captured from (getUserMedia successes), once per kind and label: apps
 * re-acquire the same microphone or camera several times in a call. `at` is the first capture.
 */
export function capturedDevices(
  session: SessionView,
): { kind: string; label: string; at: number | undefined }[] {
  const out: { kind: string; label: string; at: number | undefined }[] = [];
  for (const r of session.mediaRequests) {
    if (r.outcome !== 'success' || r.api !== 'getUserMedia') continue;
    for (const t of r.tracks) {
      if (!t.label || out.some((d) => d.kind === t.kind && d.label === t.label)) continue;
      out.push({ kind: t.kind, label: t.label, at: r.completedAt ?? r.at });
    }
  }
  return out;
}
