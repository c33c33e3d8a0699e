import { type Detector, defineDetector } from '../detector.js';
import { severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

/** The selected candidate pair changed repeatedly: the path kept moving (network switches). */
const detector: Detector = defineDetector({
  meta: {
    type: 'frequentPathSwitches',
    title: 'Frequent network path changes',
    severities: ['medium', 'low'],
    tags: ['network', 'connectivity'],
    category: 'pairs',
    description:
      'ICE switched the selected candidate pair several times: the client changed networks (Wi-Fi ↔ cellular, VPN on/off) or paths kept failing consent checks. Each switch can cause a short interruption and a bandwidth estimate reset.',
    remedy:
      'Look for unstable Wi-Fi or network roaming on the client; stable wired or good Wi-Fi connections do not switch.',
    thresholds: [
      {
        name: 'low',
        value: 3,
        unit: 'switches',
        source: `${SOURCES.clientMonitor} (path switches ≥ 3 within 30 s)`,
      },
      { name: 'medium', value: 6, unit: 'switches', source: SOURCES.clientMonitor },
    ],
    related: ['connectionChurn'],
  },
  applies: (session) => session.connections.some((pc) => pc.ice.selected.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const switches = Math.max(
        0,
        pc.ice.selected.length - 1,
        ...pc.ice.transports.map((t) => (t.selectedCandidatePairChanges ?? 1) - 1),
      );
      const severity = stepSeverity(switches, STEPS);
      if (!severity) return [];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: pc.ice.selected[1]?.at,
          valueInCount: switches,
          indicators: { switches },
          meaning: `The network path of ${pc.id} changed ${switches} times.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
