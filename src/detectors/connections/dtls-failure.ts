import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/**
 * ICE found a path but the DTLS handshake that keys the media never completed (or failed). On
 * Firefox a DTLS failure right after an ICE disconnection is only the ICE failure seen early, so it
 * is not counted then (jitsi rtcstats-server does the same).
 */
export default defineDetector({
  meta: {
    type: 'dtlsFailure',
    title: 'DTLS failure',
    severities: ['critical', 'high'],
    tags: ['connectivity', 'security'],
    category: 'connections',
    description:
      'ICE connected, but the DTLS handshake that sets up encryption failed or never finished, so no media could be decrypted. Common causes: middleboxes dropping large UDP packets (certificate fragments), mismatched fingerprints after SDP changes, or a peer that restarted.',
    remedy:
      'Check that SDP fingerprints are not modified by signaling, that both sides keep their certificate for the whole session, and that the path passes UDP packets of ~1200 bytes. A TURN/TLS relay can work around packet-size filtering.',
    thresholds: [
      {
        name: 'state',
        value: 'ICE connected, DTLS failed or connection never connected',
        source: SOURCES.webrtcPc,
      },
    ],
    related: ['iceFailure', 'slowDtlsEstablishment'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.iceConnected),
  run(session) {
    const firefox =
      /Firefox\//.test(session.client.userAgent ?? '') || session.format.statsFormat === 'firefox';
    return session.connections.flatMap((pc) => {
      const life = pc.lifecycle;
      if (!life.iceConnected) return [];
      const dtlsFailed = [...life.states.dtls, ...pc.ice.transports.flatMap((t) => t.dtlsStates)].find(
        (s) => s.state === 'failed',
      );
      const neverConnected = life.dtlsNeverCompleted;
      if (!dtlsFailed && !neverConnected) return [];
      if (dtlsFailed && firefox && life.states.iceConnection.some((s) => s.state === 'disconnected'))
        return [];
      return [
        {
          severity: neverConnected ? ('critical' as const) : ('high' as const),
          source: { pid: pc.id },
          firstSeenAt: dtlsFailed?.at ?? life.failedAt,
          indicators: {
            iceConnected: true,
            connectionConnected: !neverConnected,
            dtlsStateFailed: !!dtlsFailed,
          },
          meaning: neverConnected
            ? `Connection ${pc.id} found an ICE path but never completed the DTLS handshake: no media flowed.`
            : `The DTLS transport of connection ${pc.id} failed after the connection was set up.`,
        },
      ];
    });
  },
});
