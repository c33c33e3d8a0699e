import { everNegotiated } from '../../computed/negotiated-direction.js';
import { max } from '../../computed/series-math.js';
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
      'The connection was up and this client sent media, but received nothing on any of the incoming streams the peer announced. The user can be heard and seen but hears and sees nobody: typically a firewall or NAT letting traffic out but not in, or a remote side that never sends. Streams whose media sections were negotiated not to receive (sendonly, inactive: a connection that only publishes, in apps that use separate connections to send and to receive) are not counted.',
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
      // Only what the answers set to flow to this client: a connection negotiated send-only (an
      // SFU app's publishing connection) was never meant to receive.
      const inbound = pc.streams.filter(
        (s) => s.direction === 'inbound' && everNegotiated(pc.signaling, s.mid, 'receive') !== false,
      );
      const sent = pc.streams.filter((s) => s.direction === 'outbound' && (s.totals.packets ?? 0) > 0);
      if (!pc.lifecycle.everConnected || inbound.length === 0 || sent.length === 0) return [];
      if (inbound.some((s) => (s.totals.packets ?? 0) > 0)) return [];
      const span = max(inbound.map((s) => s.lastSeenAt - s.firstSeenAt))!;
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
