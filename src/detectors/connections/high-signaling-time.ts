import { type Detector, defineDetector } from '../detector.js';
import { loggedDelay } from '../logged-delay.js';
import { severitySteps, stepSeverity } from '../severity.js';

/** An offer/answer exchange took long: slow signaling server or slow remote side. */
const detector: Detector = defineDetector({
  meta: {
    type: 'highSignalingTime',
    title: 'High signaling time',
    severities: ['high', 'medium', 'low'],
    tags: ['behavior', 'network'],
    category: 'connections',
    description:
      'An offer/answer exchange (from createOffer or the remote offer to the signaling state being stable again) took long. Media cannot start or change until it completes. The delay is in the signaling path or the remote application, not in WebRTC itself.',
    remedy:
      'Measure the signaling server round trip; check that the remote side answers immediately rather than after user interaction or heavy work.',
    thresholds: [
      {
        name: 'low',
        value: 1_000,
        unit: 'ms',
        source: 'A signaling round trip normally completes in a few hundred ms',
      },
      { name: 'medium', value: 3_000, unit: 'ms', source: 'Users notice setup delays above ~3 s' },
      { name: 'high', value: 10_000, unit: 'ms', source: 'Users abandon calls that take ~10 s to connect' },
    ],
    related: ['unfinishedNegotiation', 'slowIceConnection'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.signaling.negotiations.some((n) => n.durationMs !== undefined)),
  run: (session) =>
    session.connections.flatMap((pc) => {
      let slowest: (typeof pc.signaling.negotiations)[number] | undefined;
      for (const n of pc.signaling.negotiations)
        if (n.durationMs !== undefined && (!slowest || n.durationMs > slowest.durationMs!)) slowest = n;
      if (!slowest || slowest.durationMs === undefined) return [];
      // Judged on the least it can have taken: a whole-second log's "1000 ms" may be 1 ms.
      const delay = loggedDelay(slowest.durationMs, pc.signaling.timeResolutionMs);
      const time = delay.leastMs;
      const severity = stepSeverity(time, STEPS);
      if (!severity) return [];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: slowest.startedAt,
          maxInMs: time,
          indicators: {
            maxNegotiationMs: time,
            ...(delay.mostMs > time ? { atMostMs: delay.mostMs } : {}),
            negotiations: pc.signaling.negotiations.length,
            initiator: slowest.initiator,
          },
          meaning: `A ${slowest.initiator === 'local' ? 'local' : 'remote'} offer/answer exchange on ${pc.id} took ${delay.text}${delay.note}.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
