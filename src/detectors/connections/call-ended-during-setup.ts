import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { SOURCES } from '../sources.js';

/** Setup this long before the close means the user gave up waiting. */
const LONG_SETUP_MS = 5_000;

/** The connection was closed by the application before it ever connected (not a failure). */
export default defineDetector({
  meta: {
    type: 'callEndedDuringSetup',
    title: 'Call ended during setup',
    severities: ['medium', 'low'],
    tags: ['behavior', 'connectivity'],
    category: 'connections',
    description:
      'The application closed the connection while it was still being set up. Either the user gave up waiting (medium when setup lasted more than 5 s) or the app tore the connection down on purpose (e.g. replaced it).',
    remedy:
      'If users hang up while connecting, look at why setup is slow (signaling, ICE, TURN). If the app replaces connections, this is expected.',
    thresholds: [
      {
        name: 'waited',
        value: LONG_SETUP_MS,
        unit: 'ms',
        source: `${SOURCES.clientMonitor} (long PC establishment: 5000 ms)`,
      },
    ],
    related: ['slowIceConnection', 'iceFailure'],
  },
  // Needs the event log: without it nothing says the connection was closed or ever connected.
  applies: (session) => session.connections.some((pc) => pc.lifecycle.firstEventAt !== undefined),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const life = pc.lifecycle;
      if (!life.closed || life.everConnected || life.iceConnected || life.failed) return [];
      const started = pc.signaling.negotiations[0]?.startedAt ?? life.firstEventAt;
      if (started === undefined) return [];
      const waited = life.closedAt !== undefined ? life.closedAt - started : undefined;
      return [
        {
          severity: waited !== undefined && waited >= LONG_SETUP_MS ? ('medium' as const) : ('low' as const),
          source: { pid: pc.id },
          firstSeenAt: life.closedAt,
          durationInMs: waited,
          indicators: { waitedMs: waited ?? null, negotiations: pc.signaling.negotiations.length },
          meaning: `Connection ${pc.id} was closed before connecting${waited !== undefined ? `, ${ms(waited)} after setup started` : ''}.`,
        },
      ];
    }),
});
