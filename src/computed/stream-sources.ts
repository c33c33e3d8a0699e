import type { StatsReport, StatsStore } from '../model/stats-report.js';

/** The track a sending stream carried from a moment on; null: no track (replaceTrack(null), removed). */
export interface SourceChange {
  at: number;
  trackId: string | null;
}

/**
 * Which track fed an outbound-rtp stream over the recording, as changes: the media-source report
 * its `mediaSourceId` names at each sample, and that source's `trackIdentifier`. A stream whose id
 * names a source that is not in the dump (Chromium points at a new, empty id after
 * replaceTrack(null) or removeTrack) has no track from then on. Empty when the stats do not link
 * sources at all (older browsers, Firefox).
 */
export function streamSources(r: StatsReport, store: StatsStore): SourceChange[] {
  const ids = r.values('mediaSourceId');
  if (!ids) return [];
  const t = r.timestamps;
  const out: SourceChange[] = [];
  let previousId: unknown;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id === previousId || id === undefined || id === null) continue;
    previousId = id;
    const source = typeof id === 'string' ? store.get(id) : undefined;
    const track = source ? trackAt(source, t[i]!) : null;
    const trackId = typeof track === 'string' && track !== '' ? track : null;
    if (out.length === 0 || out[out.length - 1]!.trackId !== trackId) out.push({ at: t[i]!, trackId });
  }
  return out;
}

/** The source's track identifier at a time: its last value at or before it, else its first. */
function trackAt(source: StatsReport, at: number): unknown {
  const values = source.values('trackIdentifier');
  if (!values || values.length === 0) return source.last('trackIdentifier') ?? null;
  const t = source.timestamps;
  let found: unknown = values[0];
  for (let i = 0; i < values.length && t[i]! <= at; i++) found = values[i];
  return found;
}
