import { expect } from 'vitest';
import { connection, ice, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './legacy-stats.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real jitsi p2p call with legacy goog stats on both connections',
      session: fixtureSession('jitsi/google-legacy-stats-p2p'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.source).toEqual({ pid: 'PC_0' });
        expect(o!.meaning).toBe('2 connection(s) recorded legacy (goog) statistics.');
      },
    },
    {
      name: 'real Chromium 48 rtcstats dump',
      session: fixtureSession('fippo/clienttest.json'),
      severities: ['info'],
      check: ([o]) => expect(o!.indicators).toEqual({ connections: 2 }),
    },
    {
      name: 'one legacy connection among standard ones',
      session: session({
        connections: [connection(), connection({ id: 'pc2', flags: { legacyStats: true } })],
      }),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.source).toEqual({ pid: 'pc2' });
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real jitsi call with standard stats',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
    },
  ],
  notApplicable: [
    {
      name: 'real webrtc-internals export without connections',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
    {
      name: 'a connection without stats',
      session: session({
        connections: [connection({ flags: { legacyStats: true }, ice: ice({ samples: 0 }) })],
      }),
    },
  ],
});
