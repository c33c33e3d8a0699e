import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { exceedance, flowingStreams, streamSource, streamSubject } from '../support.js';

/** Received audio had to be synthesized (concealed) to cover missing or late packets. */
const detector: Detector = defineDetector({
  meta: {
    type: 'audioConcealment',
    title: 'Audio concealment',
    severities: ['high', 'medium', 'low'],
    tags: ['audio', 'inbound', 'network'],
    category: 'streams',
    description:
      'A share of the received audio samples were concealed: the receiver generated them because packets were lost or arrived too late for playout. Heard as robotic, metallic or choppy speech. Silence concealment (during DTX) is not counted.',
    remedy:
      'Concealment follows packet loss and jitter on the receiving path; see those observations. Opus in-band FEC (useinbandfec=1) and a stable network reduce it.',
    thresholds: [
      {
        name: 'low',
        value: 3,
        unit: '% of samples',
        source: `${SOURCES.clientMonitor} (audio concealment on at 3 %)`,
      },
      { name: 'medium', value: 5, unit: '% of samples', source: SOURCES.consensusLoss },
      { name: 'high', value: 10, unit: '% of samples', source: SOURCES.consensusLoss },
    ],
    related: ['networkAudioLossIn', 'networkMediaJitterIn', 'audioInterruptions'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).some(
      ({ stream }) => stream.totals.totalSamplesReceived !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const samples = stream.totals.totalSamplesReceived;
      const concealed = (stream.totals.concealedSamples ?? 0) - (stream.totals.silentConcealedSamples ?? 0);
      if (!samples || samples < 48_000 || concealed <= 0) return [];
      const share = (100 * concealed) / samples;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      const bursts = exceedance(stream, 'concealmentPercent', stepLimit(STEPS, 'low'));
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: bursts?.episodes,
          firstSeenAt: bursts?.firstAt ?? stream.firstPacketAt,
          valueInPercent: share,
          durationInPercent: bursts ? bursts.share * 100 : undefined,
          valueInCount: stream.totals.concealmentEvents,
          indicators: {
            concealedPercent: share,
            concealmentEvents: stream.totals.concealmentEvents ?? null,
            samples,
          },
          meaning: `${pct(share)} of the received audio was concealed (synthesized to cover missing packets).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
