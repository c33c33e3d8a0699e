import { expect } from 'vitest';
import { oneConnection, switching } from '../../../test/builders/pairs.js';
import { ice, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './frequent-path-switches.js';

/** One selected pair but a transport counting `changes` selections (stats polled too slowly to see them). */
const counted = (changes: number) => {
  const base = ice();
  return oneConnection({
    ice: {
      ...base,
      transports: base.transports.map((t) => ({ ...t, selectedCandidatePairChanges: changes })),
    },
  });
};

detectorCases(detector, {
  fires: [
    {
      name: 'four selected pairs (3 switches) is low',
      session: oneConnection({ ice: switching(4) }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(3);
        expect(o!.indicators).toEqual({ switches: 3 });
        expect(o!.firstSeenAt).toBe(T0 + 5300);
        expect(o!.meaning).toBe('The network path of pc1 changed 3 times.');
      },
    },
    {
      name: 'seven selected pairs (6 switches) is medium',
      session: oneConnection({ ice: switching(7) }),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInCount).toBe(6),
    },
    {
      name: 'selectedCandidatePairChanges 8 (7 switches) is medium',
      session: counted(8),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInCount).toBe(7),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'two switches, just below the threshold', session: oneConnection({ ice: switching(3) }) },
    { name: 'selectedCandidatePairChanges 3 (2 switches)', session: counted(3) },
    {
      name: 'real P2P call that moved once, to a relay',
      session: fixtureSession('jitsi/google-standard-stats-relay-p2p'),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    { name: 'no pair ever selected (built)', session: oneConnection({ ice: { ...ice(), selected: [] } }) },
  ],
});
