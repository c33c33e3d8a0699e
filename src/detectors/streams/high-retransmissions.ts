import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** A large share of what was sent were retransmissions. */
const detector: Detector = defineDetector({
  meta: {
    type: 'highRetransmissions',
    title: 'High retransmission rate',
    severities: ['high', 'medium', 'low'],
    tags: ['network', 'outbound', 'video'],
    category: 'streams',
    description:
      'A large share of the packets this client sent were retransmissions (RTX) of lost ones. It shows loss on the upstream path and takes bandwidth from new media.',
    remedy: 'See the outgoing loss observations; reduce the sending bitrate on lossy uplinks.',
    thresholds: [
      { name: 'low', value: 3, unit: '% of packets sent', source: SOURCES.consensusLoss },
      { name: 'medium', value: 8, unit: '% of packets sent', source: SOURCES.consensusLoss },
      { name: 'high', value: 15, unit: '% of packets sent', source: SOURCES.consensusLoss },
    ],
    related: ['nackStorm', 'networkVideoLossOut'],
  },
  applies: (session) =>
    flowingStreams(session, { direction: 'outbound' }).some(
      ({ stream }) => stream.totals.retransmittedPackets !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { direction: 'outbound' }).flatMap(({ pc, stream }) => {
      const rtx = stream.totals.retransmittedPackets;
      const packets = stream.totals.packets;
      if (rtx === undefined || !packets) return [];
      const share = (100 * rtx) / packets;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      const stretches = streamEpisodes(stream, stream.series.retransmitPercent, stepLimit(STEPS, 'low'));
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: stretches,
          firstSeenAt: stretches[0]?.start ?? stream.firstPacketAt,
          valueInPercent: share,
          valueInCount: rtx,
          indicators: { retransmittedPackets: rtx, packetsSent: packets, kind: stream.kind },
          meaning: `${pct(share)} of the ${stream.kind} packets sent were retransmissions.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
