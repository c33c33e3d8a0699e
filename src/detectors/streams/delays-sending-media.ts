import { type Detector, defineDetector } from '../detector.js';
import { ms, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { exceedance, flowingStreams, streamSource, streamSubject } from '../support.js';

/** A layer that sent for a second or two says little about the uplink. */
const MIN_SAMPLES = 5;
const UNIT = 'ms per packet';
const SOURCE = 'W3C webrtc-stats totalPacketSendDelay; a pacer normally releases packets within a few ms';

/** Packets waited long in the sender's pacer before leaving (totalPacketSendDelay). */
const detector: Detector = defineDetector({
  meta: {
    type: 'delaysSendingMedia',
    title: 'Delays sending media',
    severities: ['high', 'medium', 'low'],
    tags: ['outbound', 'network', 'cpu'],
    category: 'streams',
    description:
      "Packets spent long in the sender's pacer queue before being sent (totalPacketSendDelay / packetsSent). The pacer holds packets when the encoder produces more than the congestion controller allows, so the delay reaches the receiver. It often accompanies keyframe bursts on slow uplinks.",
    remedy:
      'The sending rate exceeds the estimated bandwidth: see bandwidth limitation and loss observations; cap the bitrate or resolution on slow uplinks.',
    thresholds: [
      { name: 'high', value: 200, unit: UNIT, source: SOURCE },
      { name: 'medium', value: 100, unit: UNIT, source: SOURCE },
      { name: 'low', value: 40, unit: UNIT, source: SOURCE },
      {
        name: 'measured intervals',
        value: MIN_SAMPLES,
        unit: 'samples',
        source: 'callscope: a simulcast layer that sent for a second or two is not judged',
      },
    ],
    related: ['bandwidthLimitation', 'lowBandwidthEstimate'],
  },
  applies: (session) =>
    flowingStreams(session, { direction: 'outbound' }).some(
      ({ stream }) => stream.series.sendDelayMsPerPacket !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { direction: 'outbound' }).flatMap(({ pc, stream }) => {
      const ex = exceedance(stream, 'sendDelayMsPerPacket', stepLimit(STEPS, 'low'));
      const severity = ex
        ? stepSeverity(Math.max(ex.avg, ex.share >= 0.1 ? ex.avgAbove : 0), STEPS)
        : undefined;
      if (!ex || !severity || ex.samples < MIN_SAMPLES) return [];
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: ex.episodes,
          firstSeenAt: ex.firstAt,
          averageInMs: ex.avg,
          maxInMs: ex.max,
          durationInPercent: ex.share * 100,
          indicators: { averageMs: ex.avg, maxMs: ex.max, kind: stream.kind },
          meaning: `${stream.kind === 'audio' ? 'Audio' : 'Video'} packets waited ${ms(ex.avg)} on average in the send queue (max ${ms(ex.max)}).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
