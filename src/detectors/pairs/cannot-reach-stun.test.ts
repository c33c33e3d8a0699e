import { expect } from 'vitest';
import { candidateError, oneConnection, turnSession } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './cannot-reach-stun.js';

const STUN = 'stun:stun.example.org:3478';
const TURN = 'turn:turn.example.org:3478';

detectorCases(detector, {
  fires: [
    {
      name: 'two binding timeouts on the STUN server are low',
      session: turnSession([STUN, TURN], [candidateError(701, STUN), candidateError(701, STUN)]),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.url).toBe(STUN);
        expect(o!.source).toEqual({ pid: 'pc1' });
        expect(o!.indicators).toMatchObject({ errors: 2, servers: STUN });
        expect(o!.meaning).toContain(STUN);
      },
    },
  ],
  quiet: [
    { name: 'STUN server configured, no error', session: turnSession([STUN], []) },
    {
      name: 'a 701 from the TURN server is not a STUN problem',
      session: turnSession([STUN, TURN], [candidateError(701, TURN)]),
    },
    { name: 'STUN error other than 701', session: turnSession([STUN], [candidateError(400, STUN)]) },
    {
      name: 'real jitsi P2P call with a STUN server',
      session: fixtureSession('jitsi/google-standard-stats-relay-p2p'),
    },
  ],
  notApplicable: [
    {
      name: 'real clean call without ICE servers',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'only a TURN server configured', session: turnSession([TURN], []) },
    { name: 'no configuration recorded', session: oneConnection({ configuration: undefined }) },
  ],
});
