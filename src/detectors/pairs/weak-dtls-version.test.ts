import { expect } from 'vitest';
import { oneConnection } from '../../../test/builders/pairs.js';
import { ice, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './weak-dtls-version.js';

/** A connection whose DTLS transport negotiated `tlsVersion` (undefined: not reported). */
const dtls = (tlsVersion: string | undefined) => {
  const base = ice();
  return oneConnection({
    ice: {
      ...base,
      transports: base.transports.map(({ tlsVersion: _, ...t }) => ({
        ...t,
        ...(tlsVersion !== undefined ? { tlsVersion } : {}),
        dtlsCipher: 'TLS_RSA_WITH_AES_128_CBC_SHA',
      })),
    },
  });
};

detectorCases(detector, {
  fires: [
    {
      name: 'DTLS 1.0 (FEFF) is medium',
      session: dtls('FEFF'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 300);
        expect(o!.indicators).toEqual({ tlsVersion: 'FEFF', dtlsCipher: 'TLS_RSA_WITH_AES_128_CBC_SHA' });
        expect(o!.meaning).toBe('Connection pc1 negotiated DTLS 1.0.');
      },
    },
    { name: 'lower-case feff', session: dtls('feff'), severities: ['medium'] },
  ],
  quiet: [
    {
      name: 'real clean call (DTLS 1.3, FEFC)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'real jitsi call (DTLS 1.2, FEFD)', session: fixtureSession('jitsi/chrome-relay') },
    { name: 'DTLS 1.2 (built)', session: dtls('FEFD') },
  ],
  notApplicable: [
    { name: 'real Firefox call (no transport stats)', session: fixtureSession('jitsi/firefox-relay') },
    { name: 'transport without tlsVersion', session: dtls(undefined) },
  ],
});
