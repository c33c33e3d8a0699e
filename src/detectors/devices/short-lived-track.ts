import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { SOURCES } from '../sources.js';

const SHORT_MS = 1_000;
const ENDED = 'MediaStreamTrack.onended';

/** A captured track ended within a second of being obtained: the device failed or was taken away. */
export default defineDetector({
  meta: {
    type: 'shortLivedTrack',
    title: 'Short-lived media track',
    severities: ['medium'],
    tags: ['peripheral', 'behavior'],
    category: 'devices',
    description:
      "A camera or microphone track ended (its `ended` event) less than a second after getUserMedia returned it: the device was unplugged, failed, was taken by another application, or the permission was revoked. The application's own `stop()` calls do not count: apps often open a device briefly on purpose (permission checks, device lists).",
    remedy:
      "Check the device and the app's track handling (no stray stop() calls); listen to the track's `ended` event to re-acquire the device.",
    thresholds: [
      {
        name: 'lifetime',
        value: SHORT_MS,
        unit: 'ms',
        source: `${SOURCES.rtcstatsFeatures} (<kind>ShortDuration: ended within 1000 ms)`,
      },
    ],
    related: ['getUserMediaNotReadable'],
  },
  // Needs captured tracks and a recorder that traces track lifetimes (rtcstats-js: onended, stop).
  applies: (session) =>
    session.mediaRequests.some((r) => r.tracks.length > 0 && r.completedAt !== undefined) &&
    session.clientEvents.some((e) => e.type === ENDED || e.type === 'MediaStreamTrack.stop'),
  run: (session) => {
    const obtained = new Map<string, { at: number; kind: string }>();
    for (const r of session.mediaRequests) {
      for (const t of r.tracks)
        if (r.completedAt !== undefined) obtained.set(t.id, { at: r.completedAt, kind: t.kind });
    }
    for (const e of session.clientEvents) {
      // stop() is the application's own choice; `ended` fires when the track ends on its own.
      if (e.type !== ENDED) continue;
      const id = typeof e.value === 'string' ? e.value : Array.isArray(e.value) ? e.value[1] : undefined;
      const start = typeof id === 'string' ? obtained.get(id) : undefined;
      if (!start || e.timestamp === undefined) continue;
      const life = e.timestamp - start.at;
      if (life >= SHORT_MS || life < 0) continue;
      return [
        {
          severity: 'medium' as const,
          source: { timestamp: e.timestamp },
          firstSeenAt: e.timestamp,
          durationInMs: life,
          indicators: { kind: start.kind, lifetimeMs: life },
          meaning: `A ${start.kind} track ended ${ms(life)} after it was obtained.`,
        },
      ];
    }
    return [];
  },
});
