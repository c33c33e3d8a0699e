import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** Connected and sending, but nothing ever arrived on the streams the peer announced. */
export default defineDetector({
  meta: {
    type: 'oneWayMedia',
    title: 'One-way media',
    severities: ['high'],
    tags: ['network', 'inbound', 'connectivity'],
    category: 'streams',
    description:
      'The connection was up and this client sent media, but received nothing on any of the incoming streams the peer announced. The user can be heard and seen but hears and sees nobody: typically a firewall or NAT letting traffic out but not in, or a remote side that never sends.',
    remedy:
      'Check the remote side is actually sending (its own dump), and whether a firewall drops incoming UDP; a TURN relay fixes asymmetric filtering.',
    thresholds: [
      {
        name: 'packets received',
        value: 0,
        source: `${SOURCES.peermetrics} (established but no media flowing)`,
      },
    ],
    related: ['unusedStream', 'iceFailure'],
  },
  applies: (session) =>
    session.connections.some(
      (pc) => pc.lifecycle.everConnected && pc.streams.some((s) => s.direction === 'inbound'),
    ),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const inbound = pc.streams.filter((s) => s.direction === 'inbound');
      const sent = pc.streams.filter((s) => s.direction === 'outbound' && (s.totals.packets ?? 0) > 0);
      if (!pc.lifecycle.everConnected || inbound.length === 0 || sent.length === 0) return [];
      if (inbound.some((s) => (s.totals.packets ?? 0) > 0)) return [];
      const span = Math.max(...inbound.map((s) => s.lastSeenAt - s.firstSeenAt));
      if (span < 10_000) return [];
      return [
        {
          severity: 'high' as const,
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.connectedAt,
          durationInMs: span,
          indicators: { incomingStreams: inbound.length, outgoingStreamsWithMedia: sent.length },
          meaning: `Connection ${pc.id} sent media on ${sent.length} stream(s) but received nothing on its ${inbound.length} incoming stream(s).`,
        },
      ];
    }),
});
