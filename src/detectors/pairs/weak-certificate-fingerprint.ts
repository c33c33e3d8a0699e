import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** The remote certificate fingerprint uses SHA-1 (or weaker). */
export default defineDetector({
  meta: {
    type: 'weakCertificateFingerprint',
    title: 'Weak certificate fingerprint',
    severities: ['low'],
    tags: ['security'],
    category: 'pairs',
    description:
      'A session description identified its DTLS certificate with a SHA-1 (or MD5) fingerprint. The fingerprint is what authenticates the peer; SHA-1 is deprecated for this purpose and browsers generate SHA-256.',
    remedy: 'Configure the remote endpoint to use SHA-256 fingerprints.',
    thresholds: [{ name: 'fingerprint algorithm', value: 'sha-1 or md5', source: SOURCES.rfc8827 }],
    related: ['weakDtlsVersion'],
  },
  applies: (session) =>
    session.connections.some(
      (pc) => pc.signaling.remoteDescriptions.length + pc.signaling.localDescriptions.length > 0,
    ),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const isWeak = (a: string) => /^(sha-1|md5)$/i.test(a);
      const weak = [...pc.signaling.remoteDescriptions, ...pc.signaling.localDescriptions].find((d) =>
        d.summary.fingerprintAlgorithms.some(isWeak),
      );
      if (!weak) return [];
      const algorithms = weak.summary.fingerprintAlgorithms.filter(isWeak);
      return [
        {
          severity: 'low' as const,
          source: { pid: pc.id },
          firstSeenAt: weak.at,
          indicators: { algorithms: algorithms.join(','), description: weak.source },
          meaning: `A description of ${pc.id} uses a ${algorithms.join('/')} certificate fingerprint.`,
        },
      ];
    }),
});
