import { expect } from 'vitest';
import { readSessionView } from '../../../src/analysis/analyze-dump.js';
import { call } from '../../../test/builders/internals-call.js';
import { buildInternalsDump } from '../../../test/builders/internals-dump.js';
import { connection, ice, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './no-statistics.js';

const START = Date.UTC(2025, 2, 3, 14, 0);

/** A webrtc-internals export of a call that connected, with its stats series missing. */
const statsless = () =>
  readSessionView(
    buildInternalsDump({
      era: 'M149',
      connections: [{ ...call({ era: 'M149', start: START, seconds: 20 }), stats: [] }],
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'webrtc-internals export of a connected call without stats',
      session: statsless,
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: '94-1' });
        expect(o!.firstSeenAt).toBeGreaterThan(START);
        expect(o!.firstSeenAt).toBeLessThan(START + 2000);
        expect(o!.meaning).toBe('Connection 94-1 connected but has no statistics in the dump.');
      },
    },
    {
      name: 'one of two connected connections has no stats',
      session: session({
        connections: [connection(), connection({ id: 'pc2', ice: ice({ samples: 0 }) })],
      }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc2' });
        expect(o!.firstSeenAt).toBe(T0 + 300);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real jitsi call with several connections',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'real webrtc-internals export without connections',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
  ],
});
