import { type Detector, defineDetector } from '../detector.js';
import { severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

/** The application restarted ICE: a recovery attempt, and a storm when it repeats. */
const detector: Detector = defineDetector({
  meta: {
    type: 'iceRestart',
    title: 'ICE restarts',
    severities: ['medium', 'low'],
    tags: ['connectivity', 'behavior'],
    category: 'connections',
    description:
      'ICE was restarted (new ICE credentials in an offer). Apps do this to recover from a network change or a failed path; several restarts in one call mean the connection kept breaking, or the app restarts without need.',
    remedy:
      'Check what triggered the restarts (disconnections, network changes). Avoid restarting while a restart is still under way; wait for it to complete.',
    thresholds: [
      { name: 'low', value: 1, unit: 'restarts', source: SOURCES.rtcstatsFeatures },
      {
        name: 'medium',
        value: 3,
        unit: 'restarts',
        source: 'Restart storm: three or more restarts in one connection',
      },
    ],
    related: ['connectionChurn', 'connectionLost'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.signaling.negotiations.length > 0 || pc.events.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const restarts = pc.signaling.iceRestarts;
      const severity = stepSeverity(restarts, STEPS);
      if (!severity) return [];
      const first = pc.signaling.negotiations.find((n) => n.iceRestart)?.startedAt;
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: first,
          valueInCount: restarts,
          indicators: { restarts, disconnections: pc.lifecycle.disconnections },
          meaning: `ICE was restarted ${restarts} time${restarts > 1 ? 's' : ''} on ${pc.id}.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
