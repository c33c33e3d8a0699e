import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** DTLS 1.0 negotiated (wire version FEFF): obsolete. */
export default defineDetector({
  meta: {
    type: 'weakDtlsVersion',
    title: 'Obsolete DTLS version',
    severities: ['medium'],
    tags: ['security'],
    category: 'pairs',
    description:
      'The DTLS transport negotiated DTLS 1.0 (version FEFF). WebRTC requires DTLS 1.2; browsers have removed DTLS 1.0, so the remote endpoint is outdated and its security weaker.',
    remedy: 'Upgrade the remote endpoint (media server, native SDK, gateway) to DTLS 1.2.',
    thresholds: [{ name: 'tlsVersion', value: 'FEFF (DTLS 1.0)', source: SOURCES.rfc8827 }],
    related: ['weakSrtpCipher', 'weakCertificateFingerprint'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.ice.transports.some((t) => t.tlsVersion !== undefined)),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const t = pc.ice.transports.find((x) => x.tlsVersion?.toUpperCase() === 'FEFF');
      if (!t) return [];
      return [
        {
          severity: 'medium' as const,
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.connectedAt,
          indicators: { tlsVersion: t.tlsVersion ?? null, dtlsCipher: t.dtlsCipher ?? null },
          meaning: `Connection ${pc.id} negotiated DTLS 1.0.`,
        },
      ];
    }),
});
