import { defineDetector } from '../detector.js';

/** A connection connected but the dump has no statistics for it. */
export default defineDetector({
  meta: {
    type: 'noStatistics',
    title: 'No statistics recorded',
    severities: ['low'],
    tags: ['behavior'],
    category: 'logs',
    description:
      'The connection connected, but the dump holds no statistics for it: media quality cannot be judged. Happens when the recorder stopped polling, the connection was garbage-collected before the export (webrtc-internals without ?keepRemovedConnections), or the client does not send getStats.',
    remedy:
      'Check the recording setup (rtcstats polling interval, keepRemovedConnections for webrtc-internals).',
    thresholds: [{ name: 'samples', value: 0, source: 'W3C webrtc-pc getStats' }],
    related: ['statsTruncated'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.everConnected),
  run: (session) =>
    session.connections
      .filter((pc) => pc.lifecycle.everConnected && pc.ice.samples === 0)
      .map((pc) => ({
        severity: 'low' as const,
        source: { pid: pc.id },
        firstSeenAt: pc.lifecycle.connectedAt,
        indicators: { events: pc.events.length },
        meaning: `Connection ${pc.id} connected but has no statistics in the dump.`,
      })),
});
