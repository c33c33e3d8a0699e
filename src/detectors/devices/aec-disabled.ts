import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** echoCancellation turned off in the microphone constraints. */
function echoCancellationOff(audio: unknown): boolean {
  if (!audio || typeof audio !== 'object') return false;
  const a = audio as Record<string, unknown>;
  const off = (v: unknown) =>
    v === false ||
    v === 'false' ||
    (v !== null &&
      typeof v === 'object' &&
      ((v as { exact?: unknown }).exact === false || (v as { ideal?: unknown }).ideal === false));
  if (off(a.echoCancellation) || off(a.googEchoCancellation)) return true;
  for (const group of [a.optional, a.mandatory]) {
    const entries = Array.isArray(group) ? group : group && typeof group === 'object' ? [group] : [];
    for (const e of entries)
      if (
        e &&
        typeof e === 'object' &&
        (off((e as Record<string, unknown>).echoCancellation) ||
          off((e as Record<string, unknown>).googEchoCancellation))
      )
        return true;
  }
  return false;
}

export default defineDetector({
  meta: {
    type: 'aecDisabled',
    title: 'Echo cancellation disabled',
    severities: ['medium', 'low'],
    tags: ['audio', 'configuration'],
    category: 'devices',
    description:
      'The microphone was opened with echo cancellation turned off. Without a headset, the remote side hears itself back. Medium when the call also received audio (two-way conversation); low otherwise.',
    remedy:
      'Keep `echoCancellation: true` (the default) unless users are known to wear headsets or the app handles audio itself (music).',
    thresholds: [{ name: 'constraint', value: 'echoCancellation: false', source: SOURCES.mediaCapture }],
    related: ['bluetoothDevice'],
  },
  applies: (session) =>
    session.mediaRequests.some((r) => r.api === 'getUserMedia' && r.audio !== null && r.audio !== false),
  run: (session) => {
    const request = session.mediaRequests.find(
      (r) => r.api === 'getUserMedia' && echoCancellationOff(r.audio),
    );
    if (!request) return [];
    const twoWay = session.connections.some((pc) =>
      pc.streams.some((s) => s.kind === 'audio' && s.direction === 'inbound' && (s.totals.packets ?? 0) > 0),
    );
    return [
      {
        severity: twoWay ? ('medium' as const) : ('low' as const),
        source: request.at !== undefined ? { timestamp: request.at } : {},
        firstSeenAt: request.at,
        indicators: { twoWayAudio: twoWay },
        meaning: `The microphone was opened with echo cancellation off${twoWay ? ' in a call that also received audio' : ''}.`,
      },
    ];
  },
});
