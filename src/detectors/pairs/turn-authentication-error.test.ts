import { expect } from 'vitest';
import { candidateError, turnSession } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './turn-authentication-error.js';

const STUN = 'stun:stun.example.org:3478';
const TURN = 'turn:turn.example.org:3478?transport=udp';
const TURNS = 'turns:turn.example.org:443?transport=tcp';

detectorCases(detector, {
  fires: [
    {
      name: '401 Unauthorized on both TURN URLs is high',
      session: turnSession(
        [TURN, TURNS],
        [candidateError(401, TURN, 'Unauthorized'), candidateError(401, TURNS, 'Unauthorized')],
      ),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.url).toBe(TURN);
        expect(o!.indicators).toMatchObject({ errors: 2, errorCode: 401, servers: `${TURN} ${TURNS}` });
        expect(o!.meaning).toBe(`The TURN server ${TURN}, ${TURNS} rejected the credentials (401).`);
      },
    },
    {
      name: '441 Wrong Credentials is high',
      session: turnSession([TURN], [candidateError(441, TURN)]),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ errors: 1, errorCode: 441 }),
    },
  ],
  quiet: [
    {
      name: 'real relay call through coturn',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    {
      name: 'quota error 486 is not authentication',
      session: turnSession([TURN], [candidateError(486, TURN)]),
    },
    { name: 'unreachable TURN server (701)', session: turnSession([TURN], [candidateError(701, TURN)]) },
    { name: 'a 401 from a STUN URL', session: turnSession([STUN, TURN], [candidateError(401, STUN)]) },
  ],
  notApplicable: [
    {
      name: 'real clean call without ICE servers',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'only a STUN server configured', session: turnSession([STUN], []) },
  ],
});
