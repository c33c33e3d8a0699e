import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** Received frames dropped before display (decoder too slow, or frames arriving too late). */
const detector: Detector = defineDetector({
  meta: {
    type: 'framesDropped',
    title: 'Dropped video frames',
    severities: ['high', 'medium', 'low'],
    tags: ['video', 'inbound', 'cpu'],
    category: 'streams',
    description:
      'A share of the received video frames were dropped instead of being shown: the decoder or renderer could not keep up (CPU), or frames arrived too late to be useful. Motion looks jerky.',
    remedy:
      "Check the receiving device's CPU load and whether hardware decoding is used; receive a lower resolution or frame rate on weak devices.",
    thresholds: [
      { name: 'low', value: 5, unit: '% of frames received', source: SOURCES.clientMonitor },
      {
        name: 'medium',
        value: 10,
        unit: '% of frames received',
        source: `${SOURCES.clientMonitor} (decoder drop ratio above 10 %)`,
      },
      { name: 'high', value: 25, unit: '% of frames received', source: SOURCES.clientMonitor },
    ],
    related: ['highDecodeTime', 'cpuPressure'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).some(
      ({ stream }) => stream.totals.framesDropped !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const dropped = stream.totals.framesDropped ?? 0;
      const received = stream.totals.framesReceived ?? (stream.totals.framesDecoded ?? 0) + dropped;
      if (dropped === 0 || received < 100) return [];
      const share = (100 * dropped) / received;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      const stretches = streamEpisodes(stream, stream.series.framesDroppedPerSecond, 0);
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: stretches,
          firstSeenAt: stretches[0]?.start ?? stream.firstPacketAt,
          valueInCount: dropped,
          valueInPercent: share,
          indicators: { framesDropped: dropped, framesReceived: received },
          meaning: `${dropped} of ${received} received video frames were dropped (${pct(share)}).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
