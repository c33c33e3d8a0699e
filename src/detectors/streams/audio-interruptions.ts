import { type Detector, defineDetector } from '../detector.js';
import { ms, severitySteps, stepSeverity } from '../severity.js';
import { flowingStreams, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** An interval more than this share concealed holds (part of) an interruption. */
const CONCEALED_INTERVAL_PERCENT = 10;

const UNIT = 'ms interrupted in total';
const SOURCE = 'W3C webrtc-stats interruptionCount / totalInterruptionDuration (gaps over 150 ms)';

/** Playout of received audio was interrupted (Chrome interruptionCount, M130+). */
const detector: Detector = defineDetector({
  meta: {
    type: 'audioInterruptions',
    title: 'Audio interruptions',
    severities: ['high', 'medium', 'low'],
    tags: ['audio', 'inbound'],
    category: 'streams',
    description:
      'Received audio playout was interrupted: long gaps where concealment ran out and audio went silent (Chrome counts an interruption when concealment lasts over 150 ms). Listeners hear dropouts.',
    remedy:
      'Interruptions come from bursts of loss, jitter spikes or the sender pausing; see the network observations for the same stream.',
    thresholds: [
      { name: 'high', value: 5_000, unit: UNIT, source: SOURCE },
      { name: 'medium', value: 1_000, unit: UNIT, source: SOURCE },
      { name: 'low', value: 0, unit: UNIT, source: SOURCE },
    ],
    related: ['audioConcealment', 'networkAudioLossIn'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).some(
      ({ stream }) => stream.totals.interruptionCount !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const count = stream.totals.interruptionCount ?? 0;
      if (count === 0) return [];
      const total = (stream.totals.totalInterruptionDurationSec ?? 0) * 1000;
      const severity = stepSeverity(total, STEPS) ?? 'low';
      const interruptions = streamEpisodes(
        stream,
        stream.series.concealmentPercent,
        CONCEALED_INTERVAL_PERCENT,
        {
          minDurationMs: 0,
        },
      );
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          // An interruption is a stretch of concealment (Chrome counts those over 150 ms): its
          // episodes are the intervals mostly concealed.
          episodes: interruptions,
          firstSeenAt: interruptions[0]?.start ?? stream.firstPacketAt,
          valueInCount: count,
          durationInMs: total,
          indicators: { interruptions: count, interruptedMs: total },
          meaning: `Received audio was interrupted ${count} time${count > 1 ? 's' : ''}, ${ms(total)} in total.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
