import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, stepAt, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-freeze-duration.js';

/** A session receiving 29 s of video that froze `count` times for `seconds` in total, from sample 10 on. */
const freezing = (count: number, seconds: number) =>
  videoSession(
    receivedVideo({
      totals: { freezeCount: count, totalFreezesDurationSec: seconds },
      values: { freezeMsPerSecond: stepAt(30, 10, (1000 * seconds) / 20, 0) },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real relay call: two received videos frozen about 10 % of the time are medium',
      session: fixtureSession('jitsi/chrome-relay'),
      severities: ['medium', 'medium'],
      check: (observations) => {
        const bySsrc = Object.fromEntries(observations.map((o) => [o.source.ssrcId, o]));
        expect(bySsrc[3475661459]).toMatchObject({ valueInCount: 24, durationInMs: 11_798 });
        expect(bySsrc[3475661459]!.durationInPercent).toBeCloseTo(10.7, 1);
        expect(bySsrc[3859036835]).toMatchObject({ valueInCount: 22, durationInMs: 11_390 });
        expect(bySsrc[3859036835]!.durationInPercent).toBeCloseTo(10.3, 1);
      },
    },
    {
      name: 'real Safari call: 6 freezes, 1.5 s in 133 s (1.2 %), is low',
      session: fixtureSession('jitsi/safari-standard-stats'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source.ssrcId).toBe(271883463);
        expect(o!.valueInCount).toBe(6);
        expect(o!.durationInMs).toBe(1535);
        expect(o!.averageInMs).toBeCloseTo(255.83, 2);
      },
    },
    {
      name: 'frozen 8 s of 29 s (27.6 %) is high',
      session: freezing(3, 8),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(3);
        expect(o!.durationInMs).toBe(8000);
        expect(o!.durationInPercent).toBeCloseTo(27.59, 2);
        expect(o!.averageInMs).toBeCloseTo(2666.67, 2);
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
        expect(o!.meaning).toBe('Received video froze 3 times for 8000 ms in total (27.6 % of the time).');
      },
    },
    {
      name: 'frozen 2 s in four short freezes (6.9 %) is medium',
      session: freezing(4, 2),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(500),
    },
    {
      name: 'frozen 0.5 s in two freezes (1.7 %) is low',
      session: freezing(2, 0.5),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBeCloseTo(1.72, 2),
    },
    {
      name: 'one 1.2 s freeze (4.1 %, low by share) is medium for its length',
      session: freezing(1, 1.2),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(1200),
    },
  ],
  quiet: [
    {
      name: 'real clean call (no freeze)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real loss call: one 251 ms freeze in 29 s (0.87 %)',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
    },
    { name: 'one 280 ms freeze (0.97 %), just below low', session: freezing(1, 0.28) },
  ],
  notApplicable: [
    { name: 'sending video only', session: videoSession(sentVideo()) },
    { name: 'receiver without freeze stats', session: videoSession(receivedVideo()) },
    {
      name: 'real Firefox call (no freezeCount)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
