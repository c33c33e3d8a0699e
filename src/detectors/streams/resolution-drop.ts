import { flagEpisodes } from '../../computed/episodes.js';
import type { RtpStream } from '../../computed/rtp-streams.js';
import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepSeverity } from '../severity.js';
import { activeFrom, flowingStreams, streamSource, streamSubject } from '../support.js';
import { RAMP_UP_MS, RAMP_UP_SOURCE } from './quality-limitation.js';

/** A height at or below this share of the best one is a drop. */
const DROP = 0.5;

const judged = (stream: RtpStream): boolean => stream.contentType !== 'screenshare';

/** Video resolution fell to half its best height or less for a large part of the call. */
const detector: Detector = defineDetector({
  meta: {
    type: 'resolutionDrop',
    title: 'Video resolution drops',
    severities: ['medium', 'low'],
    tags: ['video'],
    category: 'streams',
    description:
      "The video resolution fell to half of the best height reached in the call, or lower, for a substantial share of the time: the encoder (or the SFU's layer choice) adapted down because of bandwidth or CPU limits. The first 10 s after media starts, while the encoder ramps up, are not judged, nor is screen sharing.",
    remedy:
      "See the bandwidth and CPU limitation observations of the sender; for received video, also the SFU layer selection and the receiver's own bandwidth.",
    thresholds: [
      {
        name: 'drop',
        value: DROP,
        unit: '× the best height',
        source: 'jitsi rtcstats-server resolution bands (HD ≥ 720, SD ≥ 360)',
      },
      { name: 'low', value: 20, unit: '% of the time', source: 'share of the call' },
      { name: 'medium', value: 50, unit: '% of the time', source: 'share of the call' },
      {
        name: 'start-up ramp not judged',
        value: RAMP_UP_MS / 1000,
        unit: 's',
        source: RAMP_UP_SOURCE,
      },
    ],
    related: ['bandwidthLimitation', 'cpuLimitation', 'lowFrameRate'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video' }).some(
      ({ stream }) => stream.series.frameHeight !== undefined && judged(stream),
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video' }).flatMap(({ pc, stream }) => {
      const h = stream.series.frameHeight;
      if (!h || !judged(stream)) return [];
      let from = activeFrom(stream);
      // Samples this soon after the first packet are the encoder's start-up ramp, not a drop.
      const rampEnd = (stream.firstPacketAt ?? stream.firstSeenAt) + RAMP_UP_MS;
      while (from < h.length && stream.t[from]! < rampEnd) from++;
      let best = 0;
      for (let i = from; i < h.length; i++) if (h[i]! > best) best = h[i]!;
      if (best < 180) return [];
      let samples = 0;
      let low = 0;
      let firstAt: number | undefined;
      let lowest = best;
      // 1 where the height was at half of the best or lower, for the episodes.
      const halved = new Float64Array(h.length).fill(Number.NaN);
      for (let i = from; i < h.length; i++) {
        const v = h[i]!;
        if (!(v > 0)) continue;
        samples++;
        lowest = Math.min(lowest, v);
        halved[i] = v <= best * DROP ? 1 : 0;
        if (v <= best * DROP) {
          low++;
          firstAt ??= stream.t[i];
        }
      }
      const stretches = flagEpisodes(stream.t, halved, {}, from);
      const share = samples ? low / samples : 0;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: stretches.map((e) => ({ start: e.start, end: e.end })),
          firstSeenAt: stretches[0]?.start ?? firstAt,
          durationInPercent: share * 100,
          indicators: {
            bestHeight: best,
            lowestHeight: lowest,
            samplesAtHalfOrLessPercent: share * 100,
            direction: stream.direction,
          },
          meaning: `Video ${stream.direction === 'inbound' ? 'received' : 'sent'} was at half of its best height (${best}p) or lower ${pct(share * 100, 0)} of the time, down to ${lowest}p.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds, 100);

export default detector;
