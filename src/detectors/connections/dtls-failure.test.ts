import { expect } from 'vitest';
import { both, connectedCall, type LogEntry, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './dtls-failure.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A connected call with `extra` log entries, recorded by Chrome or by `userAgent`. */
const call = (extra: LogEntry[], userAgent?: string) => {
  const s = session({ connections: [connection(logged([...connectedCall(), ...extra]))] });
  return userAgent ? { ...s, client: { ...s.client, userAgent } } : s;
};

detectorCases(detector, {
  fires: [
    {
      name: 'real call: ICE connected, DTLS never finished, connection failed is critical',
      session: fixtureSession('jitsi/undefined-ice-candidate'),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0' });
        expect(o!.firstSeenAt).toBe(1646901903982 + 17_047);
        expect(o!.indicators).toEqual({
          iceConnected: true,
          connectionConnected: false,
          dtlsStateFailed: false,
        });
        expect(o!.meaning).toContain('never completed the DTLS handshake');
      },
    },
    {
      name: 'DTLS transport failing after the call was up is high',
      session: call([[20_000, 'ondtlsstatechange', 'failed'], ...both(20_001, 'failed')]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 20_000);
        expect(o!.indicators).toEqual({
          iceConnected: true,
          connectionConnected: true,
          dtlsStateFailed: true,
        });
        expect(o!.meaning).toBe(
          'The DTLS transport of connection pc1 failed after the connection was set up.',
        );
      },
    },
  ],
  quiet: [
    { name: 'DTLS connected normally', session: call([]) },
    {
      name: 'DTLS state logged connected, the connection state `connected` missing from the log',
      session: session({
        connections: [
          connection(
            logged(
              (
                [
                  ...connectedCall(),
                  [260, 'ondtlsstatechange', 'connected'],
                  ...both(20_000, 'failed'),
                ] as LogEntry[]
              ).filter(([, type, value]) => !(type === 'onconnectionstatechange' && value === 'connected')),
            ),
          ),
        ],
      }),
    },
    {
      name: 'Firefox: DTLS failure right after an ICE disconnection is the ICE failure seen early',
      session: call(
        [...both(20_000, 'disconnected'), [20_500, 'ondtlsstatechange', 'failed'], ...both(30_000, 'failed')],
        FIREFOX,
      ),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'no connection (real getUserMedia-only dump)',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
  ],
});
