import { defineDetector } from '../detector.js';

/** webrtc-internals opened after the connection existed: the event log is a snapshot, not history. */
export default defineDetector({
  meta: {
    type: 'incompleteLog',
    title: 'Event log incomplete',
    severities: ['info'],
    tags: ['behavior'],
    category: 'logs',
    description:
      'chrome://webrtc-internals was opened after the connection had been created, so its log holds only a snapshot of the current descriptions and states, not the history: setup times, negotiations and early failures cannot be known.',
    remedy: 'Open chrome://webrtc-internals before starting the call, or record with rtcstats.',
    thresholds: [
      {
        name: 'log',
        value: 'a handful of entries with one time, no createOffer/createAnswer',
        source: 'Chrome webrtc-internals snapshot on late opening',
      },
    ],
    related: ['statsTruncated'],
  },
  // Only webrtc-internals exports can be opened late, and only connections have a log to judge.
  applies: (session) => session.format.format === 'webrtc-internals' && session.connections.length > 0,
  run: (session) =>
    session.connections
      .filter((pc) => pc.flags.lateOpenedSnapshot)
      .map((pc) => ({
        severity: 'info' as const,
        source: { pid: pc.id },
        firstSeenAt: pc.lifecycle.firstEventAt,
        indicators: { events: pc.events.length },
        meaning: `webrtc-internals was opened after ${pc.id} existed: its history before that is missing.`,
      })),
});
