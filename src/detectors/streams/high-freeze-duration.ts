import { type Detector, defineDetector } from '../detector.js';
import { ms, pct, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamEpisodes, streamSource, streamSubject } from '../support.js';

/** An average freeze this long is at least medium, whatever the share of the time frozen. */
const LONG_FREEZE_MS = 1000;

/** The share steps are this project's; the one open reference flags a frozen share above 30 %. */
const SHARE_SOURCE = `Project choice, stricter than ${SOURCES.issueDetectorFreeze}`;

/** Received video froze (Chrome freezeCount / totalFreezesDuration). */
const detector: Detector = defineDetector({
  meta: {
    type: 'highFreezeDuration',
    title: 'Video freezes',
    severities: ['high', 'medium', 'low'],
    tags: ['video', 'inbound'],
    category: 'streams',
    description:
      'Received video froze: frames stopped being rendered for noticeably longer than usual (Chrome counts a freeze when a frame arrives more than max(3 × average frame duration, average + 150 ms) after the previous one). Severity follows the share of the call spent frozen; a long average freeze (over 1 s) is at least medium.',
    remedy:
      'Freezes follow loss with slow recovery, keyframe waits, CPU-starved decoding or the sender pausing. Check the loss, PLI and decode-time observations of the same stream.',
    thresholds: [
      { name: 'low', value: 1, unit: '% of the time frozen', source: SHARE_SOURCE },
      { name: 'medium', value: 5, unit: '% of the time frozen', source: SHARE_SOURCE },
      { name: 'high', value: 20, unit: '% of the time frozen', source: SHARE_SOURCE },
      { name: 'average freeze', value: LONG_FREEZE_MS, unit: 'ms', source: SOURCES.issueDetectorFreeze },
    ],
    related: ['pliStorm', 'networkVideoLossIn', 'highDecodeTime'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).some(
      ({ stream }) => stream.totals.freezeCount !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const count = stream.totals.freezeCount ?? 0;
      const frozenMs = (stream.totals.totalFreezesDurationSec ?? 0) * 1000;
      const activeMs = stream.lastSeenAt - (stream.firstPacketAt ?? stream.firstSeenAt);
      if (count === 0 || activeMs <= 0) return [];
      const share = (100 * frozenMs) / activeMs;
      const average = frozenMs / count;
      let severity = stepSeverity(share, STEPS);
      if (average >= LONG_FREEZE_MS && (!severity || severity === 'low')) severity = 'medium';
      if (!severity) return [];
      let firstAt: number | undefined;
      const f = stream.series.freezeMsPerSecond;
      if (f) for (let i = 0; i < f.length && firstAt === undefined; i++) if (f[i]! > 0) firstAt = stream.t[i];
      // Every freeze counts (the browser only counts stalls it judged visible), however short.
      const freezes = streamEpisodes(stream, f, 0, { minDurationMs: 0 });
      return [
        {
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: freezes,
          firstSeenAt: freezes[0]?.start ?? firstAt,
          valueInCount: count,
          durationInMs: frozenMs,
          durationInPercent: share,
          averageInMs: average,
          indicators: { freezes: count, frozenMs, frozenPercent: share, averageFreezeMs: average },
          meaning: `Received video froze ${count} time${count > 1 ? 's' : ''} for ${ms(frozenMs)} in total (${pct(share)} of the time).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
