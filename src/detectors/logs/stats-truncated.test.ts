import { expect } from 'vitest';
import { readSessionView } from '../../../src/analysis/analyze-dump.js';
import { call, statsTimesOf } from '../../../test/builders/internals-call.js';
import { buildInternalsDump, SERIES_CAP } from '../../../test/builders/internals-dump.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './stats-truncated.js';

const START = Date.UTC(2025, 2, 3, 14, 0);

/** A webrtc-internals export of one call polled once a second for `seconds`, as the page keeps it. */
const internalsCall = (seconds: number) => () =>
  readSessionView(
    buildInternalsDump({ era: 'M149', connections: [call({ era: 'M149', start: START, seconds })] }),
  );

detectorCases(detector, {
  fires: [
    {
      name: '20-minute call: the first 200 samples were dropped',
      session: internalsCall(1200),
      severities: ['low'],
      check: ([o]) => {
        const polls = statsTimesOf({ era: 'M149', start: START, seconds: 1200 });
        expect(o!.source).toEqual({ pid: '94-1' });
        expect(o!.firstSeenAt).toBe(Math.round(polls[1200 - SERIES_CAP]!));
        expect(o!.indicators.firstSampleAt).toBe(Math.round(polls[200]! * 100) / 100);
        expect(o!.indicators.firstEventAt).toBe(START);
        expect(o!.meaning).toContain('94-1 were cut at the 1000-sample limit');
      },
    },
    {
      name: 'series at exactly the cap count as cut',
      session: internalsCall(SERIES_CAP),
      severities: ['low'],
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'one sample under the cap', session: internalsCall(SERIES_CAP - 1) },
  ],
  notApplicable: [
    {
      name: 'real rtcstats dump (no cap)',
      session: fixtureSession('chromium156/clean/rtcstats_dump.caller.txt'),
    },
    {
      name: 'real webrtc-internals export without connections',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
  ],
});
