import { dropsAfterUp } from '../../computed/lifecycle.js';
import { type Detector, defineDetector } from '../detector.js';
import { severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

/** ICE went to `disconnected` and back during the call: audible or visible gaps each time. */
const detector: Detector = defineDetector({
  meta: {
    type: 'connectionChurn',
    title: 'Connection churn',
    severities: ['high', 'medium', 'low'],
    tags: ['connectivity', 'network'],
    category: 'connections',
    description:
      'The ICE connection dropped to `disconnected` (no consent responses for a few seconds) and came back, once or repeatedly. Each interruption freezes media for its duration; repeated ones point at an unstable network.',
    remedy:
      'Look for Wi-Fi roaming, power saving on the network adapter, overloaded routers or a congested uplink. If reconnects do not recover on their own, trigger an ICE restart after a few seconds of `disconnected`.',
    thresholds: [
      { name: 'low', value: 1, unit: 'disconnections', source: SOURCES.clientMonitor },
      { name: 'medium', value: 2, unit: 'disconnections', source: SOURCES.clientMonitor },
      { name: 'high', value: 5, unit: 'disconnections', source: SOURCES.clientMonitor },
    ],
    related: ['connectionLost', 'iceRestart'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.everConnected),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const life = pc.lifecycle;
      if (!life.wasUp) return [];
      const reconnects = Math.max(
        0,
        life.states.connection.filter((s) => s.state === 'connected').length - 1,
      );
      // The lifecycle's disconnections: drops once up, on whichever timeline logs more. Both lists
      // are kept here for the evidence and the first drop's time.
      const iceDrops = dropsAfterUp(life.states.iceConnection);
      const connectionDrops = dropsAfterUp(life.states.connection);
      const drops = Math.max(life.disconnections, reconnects);
      const severity = stepSeverity(drops, STEPS);
      if (!severity) return [];
      const first = [...iceDrops, ...connectionDrops]
        .map((s) => s.at)
        .filter((t): t is number => t !== undefined)
        .sort((a, b) => a - b)[0];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: first,
          valueInCount: drops,
          indicators: {
            iceDisconnections: iceDrops.length,
            connectionDisconnections: connectionDrops.length,
            reconnects,
          },
          meaning: `Connection ${pc.id} was interrupted ${drops} time${drops > 1 ? 's' : ''} during the call.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds);

export default detector;
