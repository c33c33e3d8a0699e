import { type Detector, defineDetector } from '../detector.js';
import { ms, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { exceedance, flowingStreams, streamSource, streamSubject } from '../support.js';

/** Received audio spent long in the jitter buffer before playout. */
const detector: Detector = defineDetector({
  meta: {
    type: 'speakerDelay',
    title: 'High playout delay',
    severities: ['high', 'medium', 'low'],
    tags: ['audio', 'inbound'],
    category: 'streams',
    description:
      'Received audio waited long in the jitter buffer before being played (jitterBufferDelay / jitterBufferEmittedCount). The buffer grows to absorb jitter and late packets; the wait adds directly to the mouth-to-ear delay.',
    remedy:
      'Playout delay grows with network jitter; fix the jitter (see networkMediaJitterIn). Check that no jitterBufferTarget or playoutDelayHint is set too high by the application.',
    thresholds: [
      { name: 'low', value: 150, unit: 'ms', source: SOURCES.g114 },
      { name: 'medium', value: 300, unit: 'ms', source: SOURCES.g114 },
      {
        name: 'high',
        value: 500,
        unit: 'ms',
        source: `${SOURCES.clientMonitor} (jitter-buffer stress at 200 ms target); webrtc-issue-detector media sync failure at 500 ms`,
      },
    ],
    related: ['networkMediaJitterIn'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).some(
      ({ stream }) => stream.series.jitterBufferMs !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const ex = exceedance(stream, 'jitterBufferMs', stepLimit(STEPS, 'low'));
      const severity = ex ? stepSeverity(ex.avg, STEPS) : undefined;
      if (!ex || !severity) return [];
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: ex.episodes,
          firstSeenAt: ex.firstAt,
          averageInMs: ex.avg,
          maxInMs: ex.max,
          indicators: { averageMs: ex.avg, maxMs: ex.max },
          meaning: `Received audio waited ${ms(ex.avg)} on average in the jitter buffer (max ${ms(ex.max)}).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
