import { expect } from 'vitest';
import { connects, logged, offerAnswer } from '../../../test/builders/connections.js';
import { connection, flat, ice, pair, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { wholeSecondSession } from '../../../test/support/whole-seconds.js';
import detector from './slow-dtls-establishment.js';

/** A call whose DTLS handshake took `dtlsMs` after ICE connected at 250 ms, on a path of `rttMs`. */
const handshake = (dtlsMs: number, rttMs = 20) =>
  session({
    connections: [
      connection({
        ...logged([...offerAnswer(0), ...connects(150, 100, dtlsMs)]),
        ice: ice({
          pairs: [pair({ series: { rttMs: flat(30, rttMs), availableOutgoingKbps: flat(30, 2500) } })],
        }),
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: '700 ms on a 20 ms path is low',
      session: handshake(700),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(700);
        expect(o!.firstSeenAt).toBe(T0 + 250);
        expect(o!.indicators).toEqual({ dtlsTimeMs: 700, roundTripTimeMs: 20, beyondThreeRoundTripsMs: 640 });
        expect(o!.meaning).toBe(
          'The DTLS handshake of pc1 took 700 ms after ICE connected, 640 ms more than three round trips.',
        );
      },
    },
    {
      name: '1.5 s (a retransmitted flight) is medium',
      session: handshake(1500),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators!.beyondThreeRoundTripsMs).toBe(1440),
    },
    {
      name: '4 s (repeated retransmissions) is high',
      session: handshake(4000),
      severities: ['high'],
      check: ([o]) => expect(o!.durationInMs).toBe(4000),
    },
  ],
  quiet: [
    {
      // ICE connected just before a second began and DTLS completed just after: 1000 ms recorded.
      name: 'real call whose log records whole seconds: a 1000 ms handshake may have taken 1 ms',
      session: wholeSecondSession('chromium156/latency-late/webrtc_internals_dump.callee.txt'),
    },
    { name: '540 ms on a 20 ms path: 480 ms beyond three round trips, under 500', session: handshake(540) },
    { name: '900 ms on a 200 ms path is three round trips and a little', session: handshake(900, 200) },
    {
      name: 'real jitsi call: 610 ms DTLS on a 191 ms path',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'real call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'no connection state logged (only ICE)',
      session: session({
        connections: [
          connection(
            logged([
              ...offerAnswer(0),
              ...connects(150).filter(([, type]) => type !== 'onconnectionstatechange'),
            ]),
          ),
        ],
      }),
    },
  ],
});
