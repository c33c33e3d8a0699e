import { expect } from 'vitest';
import { connection, session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './video-paused.js';

/** A session receiving 30 s of video with the given pause totals. */
const receiving = (totals: { pauseCount?: number; totalPausesDurationSec?: number }) =>
  session({
    connections: [
      connection({
        streams: [stream({ kind: 'video', direction: 'inbound', n: 30, totals: { ...totals } })],
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'paused for most of the call is low',
      session: receiving({ pauseCount: 1, totalPausesDurationSec: 20 }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.durationInMs).toBe(20_000);
        expect(o!.durationInPercent).toBeCloseTo(69, 0);
      },
    },
    {
      name: 'a short pause is info',
      session: receiving({ pauseCount: 2, totalPausesDurationSec: 6 }),
      severities: ['info'],
      check: ([o]) => expect(o!.meaning).toContain('2 times'),
    },
  ],
  quiet: [
    { name: 'never paused', session: receiving({ pauseCount: 0, totalPausesDurationSec: 0 }) },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'audio only (built)', session: session() },
    { name: 'browser without pauseCount', session: receiving({}) },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
