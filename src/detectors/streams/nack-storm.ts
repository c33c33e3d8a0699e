import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { flowingStreams, ratioSeries, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** Many NACKs per packet: the receiver keeps asking for retransmissions. */
const detector: Detector = defineDetector({
  meta: {
    type: 'nackStorm',
    title: 'Retransmission requests (NACK storm)',
    severities: ['high', 'medium', 'low'],
    tags: ['network', 'video'],
    category: 'streams',
    description:
      'A large share of video packets triggered NACKs (retransmission requests). Retransmissions repair loss but cost bandwidth and delay frames; a high NACK rate means sustained loss on the path.',
    remedy:
      'Find the lossy link (see the loss observations). When the loss cannot be fixed, lower the bitrate or enable FEC where available.',
    thresholds: [
      {
        name: 'low',
        value: 2,
        unit: 'NACKs per 100 packets',
        source: 'Open-project consensus: loss matters from 2 %',
      },
      {
        name: 'medium',
        value: 5,
        unit: 'NACKs per 100 packets',
        source: 'Open-project consensus: loss is bad above 5 %',
      },
      {
        name: 'high',
        value: 10,
        unit: 'NACKs per 100 packets',
        source: 'Open-project consensus: loss is severe above 10 %',
      },
    ],
    related: ['networkVideoLossIn', 'networkVideoLossOut', 'highRetransmissions'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video' }).some(({ stream }) => stream.totals.nackCount !== undefined),
  run: (session) =>
    flowingStreams(session, { kind: 'video' }).flatMap(({ pc, stream }) => {
      const nacks = stream.totals.nackCount;
      const packets = stream.totals.packets;
      if (nacks === undefined || !packets) return [];
      const rate = (100 * nacks) / packets;
      const severity = stepSeverity(rate, STEPS);
      if (!severity) return [];
      const perPacket = ratioSeries(stream.series.nackPerSecond, stream.series.packetRate, 100);
      const stretches = streamEpisodes(stream, perPacket, stepLimit(STEPS, 'low'));
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: stretches,
          firstSeenAt: stretches[0]?.start ?? stream.firstPacketAt,
          valueInCount: nacks,
          valueInPercent: rate,
          indicators: { nacks, packets, nacksPer100Packets: rate, direction: stream.direction },
          meaning: `${nacks} NACKs for ${packets} video packets ${stream.direction === 'inbound' ? 'received' : 'sent'} (${pct(rate)}).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
