import { defineDetector } from '../detector.js';

/** The dump holds legacy (goog) statistics: fewer and less precise measurements. */
export default defineDetector({
  meta: {
    type: 'legacyStats',
    title: 'Legacy statistics',
    severities: ['info'],
    tags: ['configuration'],
    category: 'logs',
    description:
      'The statistics are Chrome\'s legacy callback-based ("goog") stats, removed in Chrome 122. callscope maps them to standard ones, but some measurements (freezes, concealment, quality limitation durations, packet timing) do not exist there, so some observations cannot be made.',
    remedy: 'Collect standard getStats() (promise-based) statistics.',
    thresholds: [
      {
        name: 'stats',
        value: 'ssrc_*, Conn-*, googCandidatePair, VideoBwe',
        source: 'Chromium legacy getStats, removed in M122 (crbug 822696)',
      },
    ],
    related: [],
  },
  applies: (session) => session.connections.some((pc) => pc.ice.samples > 0),
  run: (session) => {
    const legacy = session.connections.filter((pc) => pc.flags.legacyStats);
    if (legacy.length === 0) return [];
    return [
      {
        severity: 'info' as const,
        source: { pid: legacy[0]!.id },
        valueInCount: legacy.length,
        indicators: { connections: legacy.length },
        meaning: `${legacy.length} connection(s) recorded legacy (goog) statistics.`,
      },
    ];
  },
});
