import { defineDetector } from '../detector.js';

/** SRTP with a 32-bit authentication tag or no encryption. */
export default defineDetector({
  meta: {
    type: 'weakSrtpCipher',
    title: 'Weak SRTP protection',
    severities: ['medium', 'low'],
    tags: ['security'],
    category: 'pairs',
    description:
      'Media used a weak SRTP profile: a 32-bit authentication tag (SRTP_AES128_CM_HMAC_SHA1_32, easier to forge) or a NULL cipher (no encryption, medium). Browsers prefer AES-GCM or the 80-bit tag; a remote endpoint must have insisted.',
    remedy: 'Configure the remote endpoint to offer AEAD_AES_128_GCM or SRTP_AES128_CM_HMAC_SHA1_80.',
    thresholds: [
      {
        name: 'srtpCipher',
        value: '*_32 or *NULL*',
        source: 'RFC 5764 / RFC 7714 SRTP protection profiles; RFC 8827 requires encrypted media',
      },
    ],
    related: ['weakDtlsVersion'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.ice.transports.some((t) => t.srtpCipher !== undefined)),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const t = pc.ice.transports.find(
        (x) => x.srtpCipher && (/NULL/i.test(x.srtpCipher) || /_32$/.test(x.srtpCipher)),
      );
      if (!t?.srtpCipher) return [];
      const nullCipher = /NULL/i.test(t.srtpCipher);
      return [
        {
          severity: nullCipher ? ('medium' as const) : ('low' as const),
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.connectedAt,
          indicators: { srtpCipher: t.srtpCipher },
          meaning: `Connection ${pc.id} protected its media with ${t.srtpCipher}.`,
        },
      ];
    }),
});
