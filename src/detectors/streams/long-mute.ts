import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { activeFrom, flowingStreams, streamSource } from '../support.js';

const MIN_MS = 30_000;
/** Below this a video stream carries black frames or nothing (muted camera, enabled = false). */
const IDLE_KBPS = 10;

/** Video kept flowing but nearly empty for a long stretch: the camera was muted or disabled. */
export default defineDetector({
  meta: {
    type: 'longMute',
    title: 'Long mute',
    severities: ['info'],
    tags: ['behavior', 'video'],
    category: 'streams',
    description:
      'A video stream carried almost nothing (under 10 kbit/s) for at least 30 s in a row after it had started: the camera was muted or the track disabled (browsers then send a few black frames). Useful context for quality figures of that period.',
    remedy: 'Nothing to do when intended.',
    thresholds: [
      { name: 'duration', value: MIN_MS, unit: 'ms', source: 'Long enough not to be a network stall' },
      { name: 'bitrate', value: IDLE_KBPS, unit: 'kbit/s', source: 'Black or absent frames' },
    ],
    related: ['videoPaused', 'unusedStream'],
  },
  applies: (session) => flowingStreams(session, { kind: 'video' }).length > 0,
  run: (session) =>
    flowingStreams(session, { kind: 'video' }).flatMap(({ pc, stream }) => {
      const rate = stream.series.bitrateKbps;
      if (!rate) return [];
      let start: number | undefined;
      let longest = 0;
      let longestStart: number | undefined;
      for (let i = activeFrom(stream) + 1; i < rate.length; i++) {
        const v = rate[i]!;
        if (!Number.isFinite(v)) continue;
        if (v < IDLE_KBPS) {
          start ??= stream.t[i - 1];
          const run = stream.t[i]! - start!;
          if (run > longest) {
            longest = run;
            longestStart = start;
          }
        } else start = undefined;
      }
      if (longest < MIN_MS) return [];
      return [
        {
          severity: 'info' as const,
          source: streamSource(pc, stream),
          firstSeenAt: longestStart,
          durationInMs: longest,
          indicators: { longestMs: longest, direction: stream.direction },
          meaning: `${stream.direction === 'inbound' ? 'Received' : 'Sent'} video was muted or off for ${ms(longest)}.`,
        },
      ];
    }),
});
