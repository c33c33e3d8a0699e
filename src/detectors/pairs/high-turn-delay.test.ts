import { expect } from 'vitest';
import { gathered, oneConnection } from '../../../test/builders/pairs.js';
import { signaling, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-turn-delay.js';

/** Gathering starts at T0 + 50 ms (default lifecycle); the first relay candidate comes `delayMs` later. */
const relayAfter = (delayMs: number) =>
  oneConnection({
    signaling: signaling({
      localCandidates: [gathered('host', T0 + 60), gathered('relay', T0 + 50 + delayMs)],
    }),
  });

/** The same in a log that records whole seconds (the two times are each up to 1 s early). */
const relayAfterWholeSeconds = (delayMs: number) =>
  oneConnection({
    signaling: signaling({
      timeResolutionMs: 1000,
      localCandidates: [gathered('host', T0 + 60), gathered('relay', T0 + 50 + delayMs)],
    }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'first relay after 1.2 s is low',
      session: relayAfter(1200),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(1200);
        expect(o!.indicators).toEqual({ timeToFirstCandidateMs: 1200 });
        expect(o!.firstSeenAt).toBe(T0 + 1250);
      },
    },
    {
      name: 'first relay after 3 s is medium',
      session: relayAfter(3000),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInMs).toBe(3000),
    },
    {
      name: 'first relay after 12 s is high',
      session: relayAfter(12_000),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(12_000);
        expect(o!.meaning).toBe('The first relay candidate of pc1 came 12 s after gathering started.');
      },
    },
    {
      name: 'a whole-second log: relay recorded 2 s after gathering came 1-3 s after it, low',
      session: relayAfterWholeSeconds(2000),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(1000);
        expect(o!.indicators).toEqual({ timeToFirstCandidateMs: 1000, atMostMs: 3000 });
        expect(o!.meaning).toBe(
          'The first relay candidate of pc1 came 1–3 s after gathering started (the log records whole seconds).',
        );
      },
    },
  ],
  quiet: [
    { name: 'first relay after 999 ms, just below low', session: relayAfter(999) },
    {
      name: 'a whole-second log: relay recorded 1000 ms after gathering (under 2 s)',
      session: relayAfterWholeSeconds(1000),
    },
    {
      name: 'real relay call, relay 64 ms after gathering started',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    { name: 'real Chrome relay over TLS', session: fixtureSession('jitsi/chrome-relay') },
  ],
  notApplicable: [
    {
      name: 'real clean call (no TURN server)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'only host candidates (built)',
      session: oneConnection({ signaling: signaling({ localCandidates: [gathered('host', T0 + 60)] }) }),
    },
  ],
});
