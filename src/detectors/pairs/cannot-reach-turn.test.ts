import { expect } from 'vitest';
import { candidateError, turnSession } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './cannot-reach-turn.js';

const STUN = 'stun:stun.example.org:3478';
const TURN_UDP = 'turn:turn.example.org:3478?transport=udp';
const TURN_TCP = 'turn:turn.example.org:3478?transport=tcp';

detectorCases(detector, {
  fires: [
    {
      name: 'unreachable over TCP while UDP gave a relay is low',
      session: turnSession([TURN_UDP, TURN_TCP], [candidateError(701, TURN_TCP)], {
        types: ['host', 'relay'],
      }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.url).toBe(TURN_TCP);
        expect(o!.indicators).toMatchObject({ errors: 1, servers: TURN_TCP, relayGathered: true });
        expect(o!.meaning).toContain('another TURN transport worked');
      },
    },
    {
      name: 'no relay but the call connected directly is medium',
      session: turnSession(
        [TURN_UDP, TURN_TCP],
        [candidateError(701, TURN_UDP), candidateError(701, TURN_TCP)],
      ),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.indicators).toMatchObject({ servers: `${TURN_UDP} ${TURN_TCP}`, relayGathered: false });
        expect(o!.meaning).toContain('no relay candidate was gathered');
      },
    },
    {
      name: 'no relay and the connection never connected is high',
      session: turnSession([TURN_UDP], [candidateError(701, TURN_UDP)], { failed: true }),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ errors: 1, relayGathered: false }),
    },
    {
      name: 'an error without URL counts as TURN',
      session: turnSession([TURN_UDP], [candidateError(701, undefined)]),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.url).toBeUndefined();
        expect(o!.indicators?.servers).toBeNull();
        expect(o!.meaning).toContain('the TURN server');
      },
    },
  ],
  quiet: [
    {
      name: 'real relay call through coturn',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    {
      name: 'a 701 from the STUN server only',
      session: turnSession([STUN, TURN_UDP], [candidateError(701, STUN)]),
    },
    {
      name: 'a TURN error other than 701',
      session: turnSession([TURN_UDP], [candidateError(401, TURN_UDP)]),
    },
  ],
  notApplicable: [
    {
      name: 'real clean call without ICE servers',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'only a STUN server configured', session: turnSession([STUN], []) },
  ],
});
