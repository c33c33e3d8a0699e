import { type Detector, defineDetector } from '../detector.js';
import { severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** Frequent keyframe requests (PLI): the decoder keeps losing its reference. */
const detector: Detector = defineDetector({
  meta: {
    type: 'pliStorm',
    title: 'Frequent keyframe requests (PLI)',
    severities: ['high', 'medium', 'low'],
    tags: ['video', 'network'],
    category: 'streams',
    description:
      'Picture Loss Indications (keyframe requests) came often. Each one means the receiver could not decode and asks for a full frame; keyframes are large, so frequent requests spike bitrate and cause freezes and quality drops.',
    remedy:
      'PLIs follow unrecovered loss: fix the loss (see loss and NACK observations). Also check decoder errors on the receiver and simulcast layer switches of an SFU.',
    thresholds: [
      {
        name: 'low',
        value: 0.15,
        unit: 'PLI/s',
        source: `${SOURCES.clientMonitor} (video recovery: on at 0.5/s, off at 0.15/s)`,
      },
      { name: 'medium', value: 0.5, unit: 'PLI/s', source: SOURCES.clientMonitor },
      { name: 'high', value: 2, unit: 'PLI/s', source: 'Four times the client-monitor trigger' },
    ],
    related: ['nackStorm', 'highFreezeDuration'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video' }).some(({ stream }) => stream.totals.pliCount !== undefined),
  run: (session) =>
    flowingStreams(session, { kind: 'video' }).flatMap(({ pc, stream }) => {
      const plis = stream.totals.pliCount;
      const seconds = (stream.lastSeenAt - (stream.firstPacketAt ?? stream.firstSeenAt)) / 1000;
      if (plis === undefined || seconds < 10) return [];
      const rate = plis / seconds;
      const severity = stepSeverity(rate, STEPS);
      if (!severity) return [];
      // Keyframe requests come one at a time, seconds apart: each is an event, and requests closer
      // than the merge gap are one stretch.
      const requests = streamEpisodes(stream, stream.series.pliPerSecond, 0, { minDurationMs: 0 });
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: requests,
          firstSeenAt: requests[0]?.start ?? stream.firstPacketAt,
          valueInCount: plis,
          indicators: { plis, perSecond: rate, seconds, direction: stream.direction },
          meaning: `${plis} keyframe requests in ${Math.round(seconds)} s (${rate.toFixed(2)}/s) on video ${stream.direction === 'inbound' ? 'received' : 'sent'}.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
