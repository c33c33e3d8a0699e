import { expect } from 'vitest';
import {
  both,
  connectedCall,
  type LogEntry,
  logged,
  offerAnswer,
  offerSdp,
} from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './ice-restart.js';

/** A connected call restarting ICE `restarts` times (each after a disconnection, 10 s apart, new ufrag). */
const restarting = (restarts: number) =>
  session({
    connections: [
      connection(
        logged([
          ...connectedCall(60_000),
          ...Array.from({ length: restarts }, (_, i): LogEntry[] => [
            ...both(9000 + i * 10_000, 'disconnected'),
            ...offerAnswer(10_000 + i * 10_000, { iceRestart: true, created: offerSdp(`Rst${i}`) }),
            ...both(10_500 + i * 10_000, 'connected'),
          ]).flat(),
        ]),
      ),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'one restart is low',
      session: restarting(1),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.firstSeenAt).toBe(T0 + 10_000);
        expect(o!.indicators).toEqual({ restarts: 1, disconnections: 1 });
        expect(o!.meaning).toBe('ICE was restarted 1 time on pc1.');
      },
    },
    {
      name: 'two restarts stay low',
      session: restarting(2),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(2),
    },
    {
      name: 'three restarts are a storm: medium',
      session: restarting(3),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(3);
        expect(o!.indicators).toEqual({ restarts: 3, disconnections: 3 });
      },
    },
    {
      name: 'a new ufrag alone (no iceRestart option logged) counts',
      session: session({
        connections: [
          connection(logged([...connectedCall(), ...offerAnswer(10_000, { created: offerSdp('Other') })])),
        ],
      }),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(1),
    },
  ],
  quiet: [
    {
      name: 'renegotiated without restarting ICE',
      session: session({ connections: [connection(logged([...connectedCall(), ...offerAnswer(10_000)]))] }),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call that reconnected without a restart',
      session: fixtureSession('jitsi/chrome-standard-pc-reconnect'),
    },
  ],
  notApplicable: [
    {
      name: 'connection without an event log (built)',
      session: session({ connections: [connection(logged([]))] }),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
