import { expect } from 'vitest';
import { candidateError, oneConnection, turnSession } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { sessionOf, withRecord } from '../../../test/support/injected-events.js';
import detector from './cannot-reach-stun.js';

const STUN = 'stun:stun.example.org:3478';
const TURN = 'turn:turn.example.org:3478';

/** The recorded clean call, its first host candidate followed by Chromium's error for a STUN name that does not resolve. */
const lookupFailed = sessionOf(
  withRecord('chromium156/clean/rtcstats_dump.caller.txt', 17, 'onicecandidateerror', {
    address: '198.51.100.x',
    port: 46126,
    url: 'stun:stun.invalid.example:3478',
    errorCode: 701,
    errorText: 'STUN host lookup received error.',
  }),
);

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
    {
      name: 'real call with a STUN name that did not resolve: worded as a DNS failure',
      session: lookupFailed,
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ errors: 1, dnsFailures: 1 });
        expect(o!.meaning).toBe(
          'The name of stun:stun.invalid.example:3478 could not be resolved (DNS lookup failed, error 701).',
        );
      },
    },
    {
      name: 'a server that did not answer and a name that did not resolve are told apart',
      session: turnSession(
        [STUN, TURN],
        [
          candidateError(701, STUN),
          candidateError(701, 'stun:nx.example.org:3478', 'STUN host lookup received error.'),
        ],
      ),
      severities: ['low'],
      check: ([o]) =>
        expect(o!.meaning).toBe(
          `No answer from ${STUN} (error 701); the name of stun:nx.example.org:3478 could not be resolved (DNS lookup failed, error 701).`,
        ),
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
