import { expect } from 'vitest';
import { connectedCall, connects, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './call-ended-during-setup.js';

/** An offer that was never answered; ICE checks started; the app closed the connection at `closeAt`. */
const abandoned = (closeAt: number) =>
  session({
    connections: [
      connection(
        logged([
          [0, 'createOffer', {}],
          [7, 'onsignalingstatechange', 'have-local-offer'],
          ...connects(150, 60_000).slice(0, 2),
          [closeAt, 'close', null],
        ]),
      ),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'closed 8 s into setup is medium',
      session: abandoned(8000),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(8000);
        expect(o!.firstSeenAt).toBe(T0 + 8000);
        expect(o!.indicators).toEqual({ waitedMs: 8000, negotiations: 1 });
        expect(o!.meaning).toBe('Connection pc1 was closed before connecting, 8000 ms after setup started.');
      },
    },
    {
      name: 'closed just under 5 s into setup is low',
      session: abandoned(4900),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInMs).toBe(4900),
    },
    {
      name: 'real jitsi connection replaced 248 ms after its offer is low',
      session: fixtureSession('jitsi/google-legacy-stats-sfu'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0' });
        expect(o!.durationInMs).toBe(248);
      },
    },
  ],
  quiet: [
    {
      name: 'connected, then closed',
      session: session({ connections: [connection(logged(connectedCall()))] }),
    },
    {
      name: 'failed, then closed (an ICE failure, not a hang-up)',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'connection without an event log (built)',
      session: session({ connections: [connection(logged([]))] }),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
