import { expect } from 'vitest';
import { oneConnection } from '../../../test/builders/pairs.js';
import { ice } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './weak-srtp-cipher.js';

/** A connection whose transport protected media with `srtpCipher` (undefined: not reported). */
const srtp = (srtpCipher: string | undefined) => {
  const base = ice();
  return oneConnection({
    ice: {
      ...base,
      transports: base.transports.map(({ srtpCipher: _, ...t }) => ({
        ...t,
        ...(srtpCipher !== undefined ? { srtpCipher } : {}),
      })),
    },
  });
};

detectorCases(detector, {
  fires: [
    {
      name: 'real legacy Chrome call with 32-bit tags on both connections is low',
      session: fixtureSession('fippo/clienttest.json'),
      severities: ['low', 'low'],
      check: (os) => {
        expect(os.map((o) => o.source?.pid).sort()).toEqual(['PC_0', 'PC_1']);
        for (const o of os) expect(o.indicators).toEqual({ srtpCipher: 'AES_CM_128_HMAC_SHA1_32' });
        expect(os[0]!.meaning).toMatch(
          /^Connection PC_\d protected its media with AES_CM_128_HMAC_SHA1_32\.$/,
        );
      },
    },
    {
      name: 'NULL cipher (no encryption) is medium',
      session: srtp('SRTP_NULL_HMAC_SHA1_80'),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators).toEqual({ srtpCipher: 'SRTP_NULL_HMAC_SHA1_80' }),
    },
  ],
  quiet: [
    {
      name: 'real clean call (SRTP_AES128_CM_HMAC_SHA1_80)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'AEAD_AES_128_GCM', session: srtp('AEAD_AES_128_GCM') },
  ],
  notApplicable: [
    { name: 'real Firefox call (no transport stats)', session: fixtureSession('jitsi/firefox-relay') },
    { name: 'transport without srtpCipher', session: srtp(undefined) },
  ],
});
