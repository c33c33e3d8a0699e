import { expect } from 'vitest';
import { flat, T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, stepAt, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './low-frame-rate.js';

/** A session receiving 30 samples of video at the given frame rates. */
const receivingAt = (fps: readonly number[] | Float64Array) =>
  videoSession(receivedVideo({ values: { framesPerSecond: fps } }));

/** Screen sharing sent at 2 fps. */
const slowScreen = () =>
  sentVideo({ id: 'OT01V9', ssrc: 9, contentType: 'screenshare', values: { framesPerSecond: flat(30, 2) } });

detectorCases(detector, {
  fires: [
    {
      name: 'real legacy call: a received video averaging 7.8 fps is medium',
      session: fixtureSession('jitsi/google-legacy-stats-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', ssrcId: 2047229442 });
        expect(o!.indicators).toMatchObject({ averageFps: 7.78, minFps: 1, direction: 'inbound' });
        expect(o!.durationInPercent).toBeCloseTo(88.89, 2);
        expect(o!.meaning).toBe('Video received on PC_0 averaged 7.8 fps.');
      },
    },
    {
      name: 'real Firefox relay call: a received video averaging 14 fps is low',
      session: fixtureSession('jitsi/firefox-relay'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source.ssrcId).toBe(3859036835);
        expect(o!.indicators).toMatchObject({ averageFps: 14, minFps: 2 });
        expect(o!.durationInPercent).toBe(50);
      },
    },
    {
      name: 'a 3 fps slideshow is high',
      session: receivingAt(flat(30, 3)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.indicators!.averageFps).toBe(3);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
      },
    },
    {
      name: 'sent video at 8 fps after 10 s at 30 fps is medium',
      session: videoSession(sentVideo({ n: 60, values: { framesPerSecond: stepAt(60, 10, 3.6, 30) } })),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ averageFps: 8, minFps: 3.6, direction: 'outbound' });
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
        expect(o!.meaning).toBe('Video sent on pc1 averaged 8.0 fps.');
      },
    },
    { name: 'an average of 14.9 fps is low', session: receivingAt(flat(30, 14.9)), severities: ['low'] },
  ],
  quiet: [
    {
      name: 'real clean call (20 fps)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call whose only slow stream started 4 s before hang-up',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
    },
    { name: 'exactly 15 fps, not below the limit', session: receivingAt(flat(30, 15)) },
    {
      name: 'a 5 s stream at 2 fps is too short to judge',
      session: videoSession(receivedVideo({ n: 6, values: { framesPerSecond: flat(6, 2) } })),
    },
    { name: 'slow screen sharing beside a 30 fps camera', session: videoSession(sentVideo(), slowScreen()) },
  ],
  notApplicable: [
    { name: 'only screen sharing', session: videoSession(slowScreen()) },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
