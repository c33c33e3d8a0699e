import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { sentVideo, stepAt, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './resolution-drop.js';

/**
 * A session sending `n` seconds of video at height `from` until sample `at`, then at height `to`.
 * The first 10 samples (the start-up ramp) are not judged.
 */
const sending = (
  n: number,
  at: number,
  from: number,
  to: number,
  overrides: Parameters<typeof sentVideo>[0] = {},
) => sentVideo({ n, ...overrides, values: { frameHeight: stepAt(n, at, to, from) } });

detectorCases(detector, {
  fires: [
    {
      name: 'real P2P call: a received 720p video down to 180p for half the time is medium',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_1', ssrcId: 1527498116 });
        expect(o!.indicators).toMatchObject({ bestHeight: 720, lowestHeight: 180, direction: 'inbound' });
        expect(o!.durationInPercent).toBeCloseTo(53.33, 2);
        expect(o!.meaning).toBe(
          'Video received was at half of its best height (720p) or lower 53 % of the time, down to 180p.',
        );
      },
    },
    {
      name: 'real relay call: sent and received 360p video at 180p 27 % of the time is low',
      session: fixtureSession('jitsi/chrome-relay'),
      severities: ['low', 'low'],
      check: (observations) => {
        for (const o of observations) {
          expect(o.indicators).toMatchObject({ bestHeight: 360, lowestHeight: 180 });
          expect(o.durationInPercent).toBeCloseTo(27.27, 2);
        }
        expect(observations.map((o) => o.source.ssrcId).sort()).toEqual([2007858786, 3859036835]);
      },
    },
    {
      name: '720p halved to 360p for two thirds of the judged time is medium',
      session: videoSession(sending(40, 20, 720, 360)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBeCloseTo(66.67, 2);
        expect(o!.firstSeenAt).toBe(T0 + 19_000);
        expect(o!.indicators).toMatchObject({ bestHeight: 720, lowestHeight: 360, direction: 'outbound' });
      },
    },
    {
      name: 'at half height exactly 20 % of the judged time is low',
      session: videoSession(sending(60, 50, 720, 360)),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBe(20),
    },
  ],
  quiet: [
    {
      name: 'real clean call (480p throughout)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call whose only low sample is the start-up ramp (360p, then 720p)',
      session: fixtureSession('jitsi/59c86272-03ea-42e9-a62d-1c8a272e8ab0'),
    },
    {
      name: '180p during the first 9 s, then 720p: the ramp-up',
      session: videoSession(sending(30, 9, 180, 720)),
    },
    {
      name: 'at half height 18 % of the judged time, just below low',
      session: videoSession(sending(60, 51, 720, 360)),
    },
    { name: '1080p down to 720p is not half', session: videoSession(sending(40, 15, 1080, 720)) },
    {
      name: 'screen sharing dropping beside a steady camera',
      session: videoSession(
        sentVideo(),
        sending(40, 15, 1080, 360, { id: 'OT01V9', ssrc: 9, contentType: 'screenshare' }),
      ),
    },
  ],
  notApplicable: [
    {
      name: 'only screen sharing',
      session: videoSession(sending(40, 15, 1080, 360, { contentType: 'screenshare' })),
    },
    {
      name: 'real Firefox call (no frameHeight)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
