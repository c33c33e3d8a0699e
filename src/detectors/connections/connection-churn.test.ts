import { expect } from 'vitest';
import { both, connectedCall, type LogEntry, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './connection-churn.js';

/** A connected call interrupted `drops` times: disconnected 2 s at 5 s, 8 s, 11 s, ... */
const interrupted = (drops: number, extra: LogEntry[] = []) =>
  session({
    connections: [
      connection(
        logged([
          ...connectedCall(),
          ...Array.from({ length: drops }, (_, i) => [
            ...both(5000 + i * 3000, 'disconnected'),
            ...both(7000 + i * 3000, 'connected'),
          ]).flat(),
          ...extra,
        ]),
      ),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'real Safari call with one ICE drop is low',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.indicators).toEqual({ iceDisconnections: 1, connectionDisconnections: 1, reconnects: 1 });
        expect(o!.firstSeenAt).toBe(1697706076194 + 153_544);
      },
    },
    {
      name: 'real jitsi call reconnected twice (connection state only) is medium',
      session: fixtureSession('jitsi/chrome-standard-pc-reconnect'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0' });
        expect(o!.valueInCount).toBe(2);
        expect(o!.indicators).toEqual({ iceDisconnections: 0, connectionDisconnections: 2, reconnects: 2 });
        expect(o!.firstSeenAt).toBe(1647265401360 + 15_510);
        expect(o!.meaning).toBe('Connection PC_0 was interrupted 2 times during the call.');
      },
    },
    {
      name: 'four drops stay medium',
      session: interrupted(4),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInCount).toBe(4),
    },
    {
      name: 'five drops are high',
      session: interrupted(5),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(5);
        expect(o!.firstSeenAt).toBe(T0 + 5000);
        expect(o!.indicators).toEqual({ iceDisconnections: 5, connectionDisconnections: 5, reconnects: 5 });
      },
    },
  ],
  quiet: [
    { name: 'never interrupted', session: interrupted(0) },
    {
      name: 'a disconnection before first connecting is not an interruption of the call',
      session: session({
        connections: [
          connection(
            logged([
              [0, 'oniceconnectionstatechange', 'checking'],
              [2000, 'oniceconnectionstatechange', 'disconnected'],
              [3000, 'oniceconnectionstatechange', 'connected'],
              [3050, 'onconnectionstatechange', 'connected'],
            ]),
          ),
        ],
      }),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'real call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
