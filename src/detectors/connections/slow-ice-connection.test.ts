import { expect } from 'vitest';
import { connects, logged, offerAnswer } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './slow-ice-connection.js';

/** A call whose ICE checks, from 150 ms, took `iceMs` to connect (DTLS 50 ms more). */
const checking = (iceMs: number) =>
  session({ connections: [connection(logged([...offerAnswer(0), ...connects(150, iceMs)]))] });

detectorCases(detector, {
  fires: [
    {
      name: '3 s of checks is low',
      session: checking(3000),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(3000);
        expect(o!.firstSeenAt).toBe(T0 + 150);
        // Setup: createOffer at 0 to connected at 150 + 3000 + 50.
        expect(o!.indicators).toEqual({ iceConnectionTimeMs: 3000, setupTimeMs: 3200 });
        expect(o!.meaning).toBe('ICE needed 3000 ms to connect on pc1.');
      },
    },
    {
      name: '7 s of checks is medium',
      session: checking(7000),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInMs).toBe(7000),
    },
    {
      name: '12 s of checks is high',
      session: checking(12_000),
      severities: ['high'],
      check: ([o]) => expect(o!.meaning).toBe('ICE needed 12 s to connect on pc1.'),
    },
  ],
  quiet: [
    { name: '1.9 s, under 2 s', session: checking(1900) },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'real Chrome 48 call that took 954 ms', session: fixtureSession('fippo/clienttest.json') },
  ],
  notApplicable: [
    {
      name: 'real call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
