import { expect } from 'vitest';
import { connectedCall, type LogEntry, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './create-description-failure.js';

/** A connected call with `extra` entries added to its log. */
const call = (extra: LogEntry[]) =>
  session({ connections: [connection(logged([...connectedCall(), ...extra]))] });

const NO_OFFER =
  "InvalidStateError: Failed to execute 'createAnswer' on 'RTCPeerConnection': PeerConnection cannot create an answer in a state other than have-remote-offer or have-local-pranswer.";

detectorCases(detector, {
  fires: [
    {
      name: 'createAnswer without a remote offer is high',
      session: call([
        [5000, 'createAnswer', {}],
        [5001, 'createAnswerOnFailure', NO_OFFER],
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.property).toBe('createAnswer');
        expect(o!.firstSeenAt).toBe(T0 + 5001);
        expect(o!.indicators).toMatchObject({ failures: 1, firstError: NO_OFFER });
        expect(o!.meaning).toContain('createAnswer failed on pc1: "InvalidStateError');
      },
    },
    {
      name: 'createOffer and createAnswer failures count together',
      session: call([
        [
          5000,
          'createOfferOnFailure',
          { name: 'InvalidStateError', message: 'The RTCPeerConnection is closed.' },
        ],
        [6000, 'createAnswerOnFailure', NO_OFFER],
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.property).toBe('createOffer');
        expect(o!.indicators!.firstError).toBe('InvalidStateError: The RTCPeerConnection is closed.');
        expect(o!.meaning).toContain('failed 2 times');
      },
    },
  ],
  quiet: [
    { name: 'offer and answer created', session: call([]) },
    {
      name: 'only setRemoteDescription failed',
      session: call([[500, 'setRemoteDescriptionOnFailure', 'bad']]),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'connection without an event log (built)', session: session() },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
