import { expect } from 'vitest';
import { flat, T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-decode-time.js';

/**
 * A session receiving 870 frames in 29 s (30 fps, a 33.3 ms budget per frame) whose decoding took
 * `ratio` of the wall-clock time.
 */
const decoding = (ratio: number, frames = 870) =>
  videoSession(
    receivedVideo({
      decoderImplementation: 'libvpx',
      totals: { framesDecoded: frames, totalDecodeTimeSec: ratio * 29 },
      values: { decodeMsPerFrame: flat(30, (ratio * 29_000) / frames) },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: '40 ms per frame at 30 fps (120 % of the budget) is high',
      session: decoding(1.2),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(40);
        expect(o!.valueInPercent).toBe(120);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.indicators).toEqual({
          msPerFrame: 40,
          framesPerSecond: 30,
          frameBudgetMs: 33.33,
          implementation: 'libvpx',
        });
        expect(o!.source).toMatchObject({ sid: 'IT01V2222', ssrcId: 2222 });
        expect(o!.meaning).toBe('Decoding took 40 ms per frame, 120 % of the 33 ms available at 30 fps.');
      },
    },
    {
      name: '30 ms per frame (90 %) is medium',
      session: decoding(0.9),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(30),
    },
    {
      name: '20 ms per frame (60 %) is low',
      session: decoding(0.6),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInPercent).toBe(60),
    },
  ],
  quiet: [
    {
      name: 'real clean call (libvpx, under 2 % of the time decoding)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: '49 % of the frame budget, just below low', session: decoding(0.49) },
    { name: 'fewer than 50 frames decoded', session: decoding(1.2, 49) },
  ],
  notApplicable: [
    { name: 'sending video only', session: videoSession(sentVideo()) },
    {
      name: 'real Firefox call (no totalDecodeTime)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
