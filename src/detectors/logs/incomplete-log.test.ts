import { expect } from 'vitest';
import { readSessionView } from '../../../src/analysis/analyze-dump.js';
import { call } from '../../../test/builders/internals-call.js';
import { buildInternalsDump } from '../../../test/builders/internals-dump.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './incomplete-log.js';

const START = Date.UTC(2025, 2, 3, 14, 0);

/** A webrtc-internals export of two calls, the second one's page opened while it ran. */
const lateOpened = () =>
  readSessionView(
    buildInternalsDump({
      era: 'M149',
      connections: [
        call({ era: 'M149', id: '94-1', start: START, seconds: 20 }),
        call({ era: 'M149', id: '94-2', start: START + 60_000, seconds: 20, lateOpened: true }),
      ],
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'webrtc-internals opened during the second call',
      session: lateOpened,
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: '94-2' });
        expect(o!.indicators.events).toBeGreaterThan(0);
        expect(o!.indicators.events).toBeLessThanOrEqual(8);
        expect(o!.meaning).toBe(
          'webrtc-internals was opened after 94-2 existed: its history before that is missing.',
        );
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'webrtc-internals opened before the call',
      session: () =>
        readSessionView(
          buildInternalsDump({
            era: 'M149',
            connections: [call({ era: 'M149', start: START, seconds: 20 })],
          }),
        ),
    },
  ],
  notApplicable: [
    { name: 'real rtcstats dump', session: fixtureSession('chromium156/clean/rtcstats_dump.caller.txt') },
    {
      name: 'real webrtc-internals export without connections',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
  ],
});
