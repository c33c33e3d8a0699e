import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { SOURCES } from '../sources.js';

/** The connection was up and then failed: the network dropped the call mid-way. */
export default defineDetector({
  meta: {
    type: 'connectionLost',
    title: 'Connection lost during the call',
    severities: ['critical', 'high'],
    tags: ['connectivity', 'network'],
    category: 'connections',
    description:
      'The connection was established and later went to `failed`: ICE consent checks stopped getting answers for about 30 s (network change, Wi-Fi drop, NAT binding expiry, the peer vanished). Critical when it was not recovered before the recording ended.',
    remedy:
      'Handle `iceconnectionstatechange` to `disconnected`/`failed` with an ICE restart (`restartIce()` and a new offer) and consider reconnecting through TURN. Look for network changes on the client (Wi-Fi to cellular, VPN).',
    thresholds: [{ name: 'state', value: 'failed after connected', source: SOURCES.webrtcPc }],
    related: ['connectionChurn', 'iceRestart'],
    family: 'network',
    explains: ['connectionChurn', 'connectionInterrupted', 'remoteMediaStopped', 'audioInterruptions'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.everConnected),
  run: (session) =>
    session.connections
      .filter((pc) => pc.lifecycle.everConnected && pc.lifecycle.failedAfterConnected)
      .map((pc) => {
        const life = pc.lifecycle;
        // The connection state when it logged the failure (ICE states lag or stop being logged), else ICE.
        const failedIn = (changes: typeof life.states.connection) =>
          changes.some((s) => s.state === 'failed');
        const timeline = failedIn(life.states.connection)
          ? life.states.connection
          : life.states.iceConnection;
        const lastFailure = timeline.map((s) => s.state).lastIndexOf('failed');
        // Back up after the last failure; a `closed` at the end of the call does not undo that.
        const recovered = timeline
          .slice(lastFailure + 1)
          .some((s) => s.state === 'connected' || s.state === 'completed');
        const upFor =
          life.failedAt !== undefined && life.connectedAt !== undefined
            ? life.failedAt - life.connectedAt
            : undefined;
        const disconnections = Math.max(
          life.disconnections,
          life.states.connection.filter((s) => s.state === 'disconnected').length,
        );
        return {
          severity: recovered ? ('high' as const) : ('critical' as const),
          source: { pid: pc.id },
          firstSeenAt: life.failedAt,
          durationInMs: upFor,
          indicators: { recovered, connectedForMs: upFor ?? null, disconnections },
          meaning: `Connection ${pc.id} failed${upFor !== undefined ? ` ${ms(upFor)} after connecting` : ' after connecting'}${recovered ? ' and was recovered later' : ' and was not recovered'}.`,
        };
      }),
});
