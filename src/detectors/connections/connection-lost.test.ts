import { expect } from 'vitest';
import {
  both,
  connectedCall,
  connects,
  type LogEntry,
  logged,
  offerAnswer,
} from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './connection-lost.js';

/** A call connected at 300 ms with `extra` log entries, ending closed at 30 s. */
const call = (extra: LogEntry[]) =>
  session({
    connections: [
      connection(logged([...connectedCall(), ...extra, [30_000, 'onconnectionstatechange', 'closed']])),
    ],
  });

/** ICE connected, DTLS never did, then the connection failed: dtlsFailure's case, not a lost call. */
const dtlsNeverConnected = connection({
  id: 'pc2',
  ...logged([...offerAnswer(0), ...connects(150, 100, 60_000).slice(0, 3), ...both(16_000, 'failed')], 'pc2'),
});

detectorCases(detector, {
  fires: [
    {
      name: 'real jitsi call that failed 14 s in and stayed failed is critical',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0' });
        expect(o!.durationInMs).toBe(14_211);
        expect(o!.indicators).toEqual({ recovered: false, connectedForMs: 14_211, disconnections: 0 });
        expect(o!.meaning).toBe('Connection PC_0 failed 14.2 s after connecting and was not recovered.');
      },
    },
    {
      name: 'real jitsi call that flapped twice then failed is critical',
      session: fixtureSession('jitsi/chrome-standard-pc-reconnect'),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(94_138);
        expect(o!.indicators).toMatchObject({ recovered: false, disconnections: 2 });
      },
    },
    {
      name: 'failed, restarted and connected again before hang-up is high',
      session: call([
        ...both(20_000, 'failed'),
        ...offerAnswer(21_000, { iceRestart: true }),
        ...both(25_000, 'connected'),
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 20_000);
        expect(o!.durationInMs).toBe(19_700);
        expect(o!.indicators).toEqual({ recovered: true, connectedForMs: 19_700, disconnections: 0 });
        expect(o!.meaning).toBe('Connection pc1 failed 19.7 s after connecting and was recovered later.');
      },
    },
    {
      name: 'failed and closed is critical',
      session: call([...both(18_000, 'disconnected'), ...both(20_000, 'failed')]),
      severities: ['critical'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ recovered: false, disconnections: 1 }),
    },
  ],
  quiet: [
    {
      name: 'disconnected and back, never failed',
      session: call([...both(10_000, 'disconnected'), ...both(12_000, 'connected')]),
    },
    {
      name: 'a connection whose DTLS never connected, beside one that did',
      session: session({ connections: [connection(logged(connectedCall())), dtlsNeverConnected] }),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'real call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call whose ICE connected but DTLS never did',
      session: fixtureSession('jitsi/undefined-ice-candidate'),
    },
  ],
});
