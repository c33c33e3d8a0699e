import { selectedPairRtts } from '../../computed/ice-transport.js';
import { kthSmallest } from '../../computed/series-math.js';
import { type Detector, defineDetector } from '../detector.js';
import { loggedDelay } from '../logged-delay.js';
import { ms, severitySteps, stepSeverity } from '../severity.js';

/** The DTLS handshake after ICE took long: a lossy path retransmitted handshake flights. */
const detector: Detector = defineDetector({
  meta: {
    type: 'slowDtlsEstablishment',
    title: 'Slow DTLS establishment',
    severities: ['high', 'medium', 'low'],
    tags: ['connectivity', 'security', 'network'],
    category: 'connections',
    description:
      'The DTLS handshake, between ICE connecting and the connection being `connected`, took long. It needs two round trips (three with the final flight); what exceeds that means lost handshake packets (DTLS retransmits after 1 s, doubling) or fragmented certificate flights being dropped. The delay is measured beyond three round-trip times.',
    remedy:
      'Check for UDP loss or filtering of large packets on the path; ECDSA certificates (the browser default) keep flights small.',
    thresholds: [
      {
        name: 'low',
        value: 500,
        unit: 'ms',
        source: 'DTLS 1.2 handshake: 2 round trips; RFC 6347 §4.2.4 initial retransmission timer 1 s',
      },
      {
        name: 'medium',
        value: 1_000,
        unit: 'ms',
        source: 'RFC 6347 §4.2.4: 1 s means at least one retransmitted flight',
      },
      {
        name: 'high',
        value: 3_000,
        unit: 'ms',
        source: 'RFC 6347 §4.2.4: 3 s means repeated retransmissions (1 s + 2 s)',
      },
    ],
    related: ['dtlsFailure', 'slowIceConnection'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.dtlsTimeMs !== undefined),
  run: (session) =>
    session.connections.flatMap((pc) => {
      if (pc.lifecycle.dtlsTimeMs === undefined) return [];
      // Judged on the least it can have taken: a whole-second log's "1000 ms" may be 1 ms.
      const delay = loggedDelay(pc.lifecycle.dtlsTimeMs, pc.signaling.timeResolutionMs);
      const time = delay.leastMs;
      const rtts = selectedPairRtts(pc.ice);
      const rtt = rtts.length ? kthSmallest(rtts, Math.floor(rtts.length / 2)) : 0;
      const excess = time - 3 * rtt;
      const severity = stepSeverity(excess, STEPS);
      if (!severity) return [];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.states.iceConnection.find(
            (s) => s.state === 'connected' || s.state === 'completed',
          )?.at,
          durationInMs: time,
          indicators: {
            dtlsTimeMs: time,
            ...(delay.mostMs > time ? { atMostMs: delay.mostMs } : {}),
            roundTripTimeMs: rtt,
            beyondThreeRoundTripsMs: excess,
          },
          meaning: `The DTLS handshake of ${pc.id} took ${delay.text} after ICE connected${rtt ? `, ${delay.note ? 'at least ' : ''}${ms(excess)} more than three round trips` : ''}${delay.note}.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
