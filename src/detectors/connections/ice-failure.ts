import { callCarriers } from '../../computed/side-connection.js';
import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** The connection never connected and ended failed: no media could flow. */
export default defineDetector({
  meta: {
    type: 'iceFailure',
    title: 'Connection failed to establish',
    severities: ['critical', 'medium'],
    tags: ['connectivity', 'network'],
    category: 'connections',
    description:
      'ICE could not find a working path between the peers (connection state `failed` without ever being `connected`). Nothing was exchanged: the call did not happen on this connection. Medium for a connection without audio or video while another connection carried the call (a pre-call test or a network probe): the network failed that test, the call went on.',
    remedy:
      'Make sure a TURN server is configured and reachable over UDP and TCP/TLS 443 for users behind restrictive firewalls, that candidates are exchanged in both directions (signaling), and that the TURN credentials are valid. Compare with `cannotReachTurn`, `turnNoConfig` and the candidate errors.',
    thresholds: [{ name: 'state', value: 'failed before connected', source: SOURCES.webrtcPc }],
    related: ['turnNoConfig', 'cannotReachTurn', 'dtlsFailure'],
  },
  applies: (session) =>
    session.connections.some(
      (pc) => pc.lifecycle.states.connection.length + pc.lifecycle.states.iceConnection.length > 0,
    ),
  run: (session) => {
    const callCarrier = callCarriers(session.connections);
    return session.connections
      .filter((pc) => pc.lifecycle.failed && !pc.lifecycle.everConnected && !pc.lifecycle.iceConnected)
      .map((pc) => {
        const checked = pc.ice.pairs.reduce((n, p) => n + (p.totals.requestsSent ?? 0), 0);
        const answered = pc.ice.pairs.reduce((n, p) => n + (p.totals.responsesReceived ?? 0), 0);
        const carrier = callCarrier(pc);
        const setup =
          pc.lifecycle.failedAt !== undefined && pc.lifecycle.firstEventAt !== undefined
            ? pc.lifecycle.failedAt - pc.lifecycle.firstEventAt
            : undefined;
        return {
          severity: carrier ? ('medium' as const) : ('critical' as const),
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.failedAt,
          durationInMs: setup,
          indicators: {
            candidatePairs: pc.ice.pairs.length,
            stunRequestsSent: checked,
            stunResponsesReceived: answered,
            localCandidates: pc.signaling.localCandidates.length,
            remoteCandidates: pc.signaling.remoteCandidates.length,
          },
          meaning: `Connection ${pc.id} failed without connecting${pc.ice.pairs.length ? `: ${pc.ice.pairs.length} candidate pair(s) tried, ${answered} of ${checked} connectivity checks answered` : ': no candidate pair was even formed'}${carrier ? `. It had no audio or video; ${carrier.id} carried the call` : ''}.`,
        };
      });
  },
});
