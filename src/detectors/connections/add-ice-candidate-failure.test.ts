import { expect } from 'vitest';
import { connectedCall, type LogEntry, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './add-ice-candidate-failure.js';

const ERROR = 'OperationError: Error processing ICE candidate';

/** A connected call whose log holds `refused` remote candidates refused by addIceCandidate, 10 ms apart. */
const refusing = (refused: number, extra: LogEntry[] = []) =>
  session({
    connections: [
      connection(
        logged([
          ...connectedCall(),
          ...Array.from({ length: refused }, (_, i): LogEntry[] => [
            [
              400 + i * 10,
              'addIceCandidate',
              { candidate: 'candidate:1 1 udp 2122260223 192.0.2.20 50001 typ host' },
            ],
            [401 + i * 10, 'addIceCandidateOnFailure', ERROR],
          ]).flat(),
          ...extra,
        ]),
      ),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'one refused candidate is medium',
      session: refusing(1),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.property).toBe('addIceCandidate');
        expect(o!.firstSeenAt).toBe(T0 + 401);
        expect(o!.source).toMatchObject({ pid: 'pc1' });
        expect(o!.indicators).toMatchObject({ failures: 1, firstError: ERROR });
        expect(o!.meaning).toBe(`addIceCandidate failed on pc1: "${ERROR}".`);
      },
    },
    {
      name: 'two refused candidates stay medium',
      session: refusing(2),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.meaning).toContain('failed 2 times');
      },
    },
    {
      name: 'three refused candidates are high',
      session: refusing(3),
      severities: ['high'],
      check: ([o]) => expect(o!.valueInCount).toBe(3),
    },
  ],
  quiet: [
    { name: 'every candidate accepted', session: refusing(0) },
    {
      name: 'only another method failed',
      session: refusing(0, [[500, 'setRemoteDescriptionOnFailure', 'OperationError: bad answer']]),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'connection without an event log (built)', session: session() },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
