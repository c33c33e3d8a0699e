import { expect } from 'vitest';
import { gathered, oneConnection } from '../../../test/builders/pairs.js';
import { lifecycle, signaling, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-stun-delay.js';

/** Gathering starts at T0 + 50 ms (default lifecycle); the first srflx candidate comes `delayMs` later. */
const srflxAfter = (delayMs: number) =>
  oneConnection({
    signaling: signaling({
      localCandidates: [gathered('host', T0 + 60), gathered('srflx', T0 + 50 + delayMs)],
    }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'first srflx after 1.5 s is low',
      session: srflxAfter(1500),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(1500);
        expect(o!.indicators).toEqual({ timeToFirstCandidateMs: 1500 });
        expect(o!.firstSeenAt).toBe(T0 + 1550);
        expect(o!.meaning).toBe('The first srflx candidate of pc1 came 1500 ms after gathering started.');
      },
    },
    {
      name: 'first srflx after 4 s is medium',
      session: srflxAfter(4000),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInMs).toBe(4000),
    },
  ],
  quiet: [
    { name: 'first srflx after 999 ms, just below low', session: srflxAfter(999) },
    {
      name: 'real jitsi call, srflx 51 ms after gathering started',
      session: fixtureSession('jitsi/google-standard-stats-relay-p2p'),
    },
    {
      name: 'no gathering state recorded: the delay cannot be measured',
      session: oneConnection({
        signaling: signaling({ localCandidates: [gathered('srflx', T0 + 9000)] }),
        lifecycle: lifecycle({ states: { ...lifecycle().states, iceGathering: [] } }),
      }),
    },
  ],
  notApplicable: [
    {
      name: 'real clean call (no STUN server, no srflx)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'only host candidates (built)',
      session: oneConnection({ signaling: signaling({ localCandidates: [gathered('host', T0 + 60)] }) }),
    },
  ],
});
