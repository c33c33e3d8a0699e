import { expect } from 'vitest';
import { connectedCall, type LogEntry, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './set-description-failure.js';

/** A connected call with `extra` entries added to its log. */
const call = (extra: LogEntry[]) =>
  session({ connections: [connection(logged([...connectedCall(), ...extra]))] });

const BAD_ANSWER =
  "OperationError: Failed to set remote answer sdp: The order of m-lines in answer doesn't match order in offer. Rejecting answer.";

detectorCases(detector, {
  fires: [
    {
      name: 'a refused remote answer is high',
      session: call([
        [8000, 'setRemoteDescription', { type: 'answer', sdp: 'v=0\r\n' }],
        [8002, 'setRemoteDescriptionOnFailure', BAD_ANSWER],
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.property).toBe('setRemoteDescription');
        expect(o!.firstSeenAt).toBe(T0 + 8002);
        expect(o!.indicators).toMatchObject({ failures: 1, firstError: BAD_ANSWER });
      },
    },
    {
      name: 'local and remote refusals count together',
      session: call([
        [8000, 'setLocalDescriptionOnFailure', 'InvalidModificationError: SDP was modified'],
        [9000, 'setRemoteDescriptionOnFailure', BAD_ANSWER],
        [9500, 'setRemoteDescriptionOnFailure', BAD_ANSWER],
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(3);
        expect(o!.property).toBe('setLocalDescription');
        expect(o!.meaning).toBe(
          'setLocalDescription failed 3 times on pc1: "InvalidModificationError: SDP was modified".',
        );
      },
    },
  ],
  quiet: [
    { name: 'descriptions applied', session: call([]) },
    {
      name: 'only addIceCandidate failed',
      session: call([[500, 'addIceCandidateOnFailure', 'OperationError']]),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'connection without an event log (built)', session: session() },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
