import { expect } from 'vitest';
import { flat, T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-encode-time.js';

/**
 * A session sending 435 frames in 29 s (15 fps, a 66.7 ms budget per frame) whose encoding took
 * `ratio` of the wall-clock time.
 */
const encoding = (ratio: number, frames = 435) =>
  videoSession(
    sentVideo({
      encoderImplementation: 'libvpx',
      totals: { framesEncoded: frames, totalEncodeTimeSec: ratio * 29 },
      values: { encodeMsPerFrame: flat(30, (ratio * 29_000) / frames) },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: '70 ms per frame at 15 fps (105 % of the budget) is high',
      session: encoding(1.05),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(70);
        expect(o!.valueInPercent).toBe(105);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.indicators).toMatchObject({
          framesPerSecond: 15,
          frameBudgetMs: 66.67,
          implementation: 'libvpx',
        });
        expect(o!.source).toMatchObject({ sid: 'OT01V1111', ssrcId: 1111 });
        expect(o!.meaning).toBe('Encoding took 70 ms per frame, 105 % of the 67 ms available at 15 fps.');
      },
    },
    {
      name: '80 % of the budget is medium',
      session: encoding(0.8),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBeCloseTo(53.33, 2),
    },
    {
      name: '50 % of the budget is low',
      session: encoding(0.5),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInPercent).toBe(50),
    },
  ],
  quiet: [
    {
      name: 'real clean call (libvpx, under 6 % of the time encoding)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: '49 % of the frame budget, just below low', session: encoding(0.49) },
  ],
  notApplicable: [
    { name: 'receiving video only', session: videoSession(receivedVideo()) },
    {
      name: 'real Firefox call (no totalEncodeTime)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
