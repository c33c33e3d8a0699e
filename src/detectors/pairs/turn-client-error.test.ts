import { expect } from 'vitest';
import { candidateError, oneConnection, turnSession } from '../../../test/builders/pairs.js';
import { ice, signaling } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import type { GatheredCandidate } from '../../computed/signaling.js';
import detector from './turn-client-error.js';

const STUN = 'stun:stun.example.org:3478';
const TURN = 'turn:turn.example.org:3478?transport=udp';
const TURN_TCP = 'turn:turn.example.org:3478?transport=tcp';

/** 403 on TCP while the stats (not the application's onicecandidate) know a UDP relay candidate. */
const relayOnlyInStats = () =>
  oneConnection({
    configuration: { iceServers: [{ urls: [TURN, TURN_TCP] }] },
    signaling: signaling({
      candidateErrors: [candidateError(403, TURN_TCP, 'Forbidden')],
      localCandidates: [] as GatheredCandidate[],
    }),
    ice: ice({ localCandidates: [{ type: 'relay', protocol: 'udp', relayProtocol: 'udp' }] }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'allocation quota reached and no relay at all is high',
      session: turnSession([TURN], [candidateError(486, TURN, 'Allocation Quota Reached')]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.url).toBe(TURN);
        expect(o!.indicators).toMatchObject({
          errors: 1,
          errorCodes: '486',
          errorText: 'Allocation Quota Reached',
          relayGathered: false,
        });
        expect(o!.meaning).toBe('The TURN server refused allocation with 486 (Allocation Quota Reached).');
      },
    },
    {
      name: 'refused on one transport while another gave a relay (known from stats) is medium',
      session: relayOnlyInStats,
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ errorCodes: '403', relayGathered: true }),
    },
    {
      name: 'two different codes are listed',
      session: turnSession([TURN, TURN_TCP], [candidateError(442, TURN_TCP), candidateError(437, TURN)], {
        types: ['host', 'relay'],
      }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.meaning).toBe('The TURN server refused allocations with 442, 437.');
      },
    },
  ],
  quiet: [
    {
      name: 'real relay call through coturn',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    {
      name: 'authentication errors belong to turnAuthenticationError',
      session: turnSession([TURN], [candidateError(401, TURN)]),
    },
    { name: 'unreachable server (701)', session: turnSession([TURN], [candidateError(701, TURN)]) },
    {
      name: 'a server error (500) is not a client error',
      session: turnSession([TURN], [candidateError(500, TURN)]),
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
