import { type Detector, defineDetector } from '../detector.js';
import { ms, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

/** ICE took long to find a working path (checking → connected). */
const detector: Detector = defineDetector({
  meta: {
    type: 'slowIceConnection',
    title: 'Slow connection setup',
    severities: ['high', 'medium', 'low'],
    tags: ['connectivity', 'network'],
    category: 'connections',
    description:
      'Connectivity checks took long to find a working candidate pair. Users wait in silence meanwhile. Typical causes: candidates arriving late over signaling, unreachable candidates tried first (VPN or docker interfaces, IPv6 without a route), or a TURN relay found only after direct paths time out.',
    remedy:
      'Trickle candidates as they are gathered, gather TURN candidates early (iceCandidatePoolSize), and make sure the TURN server answers quickly. Remove unreachable interfaces from gathering where possible.',
    thresholds: [
      { name: 'low', value: 2_000, unit: 'ms', source: SOURCES.clientMonitor },
      {
        name: 'medium',
        value: 5_000,
        unit: 'ms',
        source: `${SOURCES.clientMonitor} (long PC establishment: 5000 ms)`,
      },
      { name: 'high', value: 10_000, unit: 'ms', source: SOURCES.clientMonitor },
    ],
    related: ['slowDtlsEstablishment', 'highTurnDelay', 'highSignalingTime'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.iceConnectionTimeMs !== undefined),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const time = pc.lifecycle.iceConnectionTimeMs;
      const severity = time === undefined ? undefined : stepSeverity(time, STEPS);
      if (!severity || time === undefined) return [];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.states.iceConnection.find((s) => s.state === 'checking')?.at,
          durationInMs: time,
          indicators: { iceConnectionTimeMs: time, setupTimeMs: pc.lifecycle.setupTimeMs ?? null },
          meaning: `ICE needed ${ms(time)} to connect on ${pc.id}.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
