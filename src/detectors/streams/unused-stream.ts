import { everNegotiated } from '../../computed/negotiated-direction.js';
import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { mediaStreams, streamSource } from '../support.js';

const MIN_LIFETIME_MS = 10_000;

/** A negotiated RTP stream that never carried a packet while the connection was up. */
export default defineDetector({
  meta: {
    type: 'unusedStream',
    title: 'Unused stream',
    severities: ['low', 'info'],
    tags: ['behavior'],
    category: 'streams',
    description:
      'An RTP stream existed for the whole connection without carrying a single packet: a transceiver negotiated but never used (no track, or the remote never sends). Low when it was meant to receive media that never came; informational for unused sending slots. Deactivated simulcast layers, and streams whose media section was negotiated not to carry media that way (sendonly, recvonly, inactive), are not reported.',
    remedy:
      'Remove unused transceivers, or check why the remote side does not send on this one (muted at the source, SFU not forwarding, codec mismatch).',
    thresholds: [
      { name: 'lifetime', value: MIN_LIFETIME_MS, unit: 'ms', source: 'Long enough for media to start' },
    ],
    related: ['oneWayMedia', 'iceWarmup'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.everConnected && pc.streams.length > 0),
  run: (session) =>
    mediaStreams(session).flatMap(({ pc, stream }) => {
      const lifetime = stream.lastSeenAt - stream.firstSeenAt;
      if (
        !pc.lifecycle.everConnected ||
        (stream.totals.packets ?? 0) > 0 ||
        stream.inactive ||
        lifetime < MIN_LIFETIME_MS ||
        // A section negotiated not to carry media this way (sendonly, recvonly, inactive).
        everNegotiated(pc.signaling, stream.mid, stream.direction === 'inbound' ? 'receive' : 'send') ===
          false
      )
        return [];
      return [
        {
          severity: stream.direction === 'inbound' ? ('low' as const) : ('info' as const),
          source: streamSource(pc, stream),
          firstSeenAt: stream.firstSeenAt,
          durationInMs: lifetime,
          indicators: { kind: stream.kind, direction: stream.direction, lifetimeMs: lifetime },
          meaning: `The ${stream.direction} ${stream.kind} stream ${stream.ssrc ?? stream.id} carried no packets in ${ms(lifetime)}.`,
        },
      ];
    }),
});
