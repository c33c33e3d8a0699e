import type { Severity } from '../../model/payload/observation.js';
import { type Detector, defineDetector } from '../detector.js';
import { byExtent, severitySteps, stepLimit } from '../severity.js';
import { exceedance, flowingStreams, streamSource, streamSubject } from '../support.js';

/** Streams that carried media for less than this are too short to judge (one started at hang-up). */
const MIN_MEDIA_MS = 10_000;

/** The severity of an average frame rate strictly below a step. */
const severityOf = (fps: number): Severity | undefined => STEPS.find(([limit]) => fps < limit)?.[1];

/** Camera video at a low frame rate: motion looks choppy (screen sharing is exempt). */
const detector: Detector = defineDetector({
  meta: {
    type: 'lowFrameRate',
    title: 'Low video frame rate',
    severities: ['high', 'medium', 'low'],
    tags: ['video'],
    category: 'streams',
    description:
      'Camera video ran at a low frame rate: below 15 fps motion looks choppy, below 10 fps it is hard to follow, below 5 fps it is a slideshow. Severity follows the average over the samples with frames. Screen sharing, which is legitimately slow, and streams with less than 10 s of media are not judged.',
    remedy:
      'A low rate when sending comes from CPU or bandwidth limitation (see those observations) or a dim camera; when receiving, from the sender, an SFU layer choice, or dropped frames.',
    thresholds: [
      {
        name: 'low',
        value: 15,
        unit: 'fps',
        source: 'Guilospanck webrtc-stats-analyzer (fps bad at 10, good at 30); ObserveRTC',
      },
      { name: 'medium', value: 10, unit: 'fps', source: 'Guilospanck webrtc-stats-analyzer: 10 fps is bad' },
      { name: 'high', value: 5, unit: 'fps', source: 'Below 5 fps motion is not perceived as continuous' },
    ],
    related: ['cpuLimitation', 'bandwidthLimitation', 'framesDropped'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video' }).some(
      ({ stream }) => stream.series.framesPerSecond !== undefined && stream.contentType !== 'screenshare',
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video' }).flatMap(({ pc, stream }) => {
      if (stream.contentType === 'screenshare' || stream.inactive) return [];
      if (stream.lastSeenAt - (stream.firstPacketAt ?? stream.firstSeenAt) < MIN_MEDIA_MS) return [];
      // Below-limit share: exceedance over the negated series.
      const fps = stream.series.framesPerSecond;
      if (!fps) return [];
      const negated = {
        ...stream,
        series: { ...stream.series, framesPerSecond: fps.map((v) => (v > 0 ? -v : Number.NaN)) },
      };
      const low = exceedance(negated, 'framesPerSecond', -stepLimit(STEPS, 'low'));
      if (!low) return [];
      const average = -low.avg;
      const base = severityOf(average);
      if (!base) return [];
      return [
        {
          severity: byExtent(base, low.share),
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: low.episodes.map((e) => ({ ...e, peak: -e.peak })),
          firstSeenAt: low.firstAt,
          durationInPercent: low.share * 100,
          indicators: {
            averageFps: average,
            minFps: -low.max,
            samplesBelow15fpsPercent: low.share * 100,
            direction: stream.direction,
          },
          meaning: `Video ${stream.direction === 'inbound' ? 'received' : 'sent'} on ${pc.id} averaged ${average.toFixed(1)} fps.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta (a rate below a step has its severity). */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
