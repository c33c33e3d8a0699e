import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './frames-dropped.js';

/** A session receiving `received` video frames of which `dropped` were dropped. */
const receiving = (received: number, dropped: number) =>
  videoSession(
    receivedVideo({
      totals: { framesReceived: received, framesDecoded: received - dropped, framesDropped: dropped },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: '300 of 1000 frames dropped (30 %) is high',
      session: receiving(1000, 300),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(300);
        expect(o!.valueInPercent).toBe(30);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01V2222', ssrcId: 2222 });
        expect(o!.meaning).toBe('300 of 1000 received video frames were dropped (30 %).');
      },
    },
    {
      name: '150 of 1000 dropped (15 %) is medium',
      session: receiving(1000, 150),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInPercent).toBe(15),
    },
    {
      name: '60 of 1000 dropped (6 %) is low',
      session: receiving(1000, 60),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toEqual({ framesDropped: 60, framesReceived: 1000 }),
    },
    {
      name: 'without framesReceived, decoded + dropped is the base',
      session: videoSession(receivedVideo({ totals: { framesDecoded: 800, framesDropped: 200 } })),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInPercent).toBe(20),
    },
  ],
  quiet: [
    {
      name: 'real clean call (no frame dropped)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'real relay call: 94 of 2604 dropped (3.6 %)', session: fixtureSession('jitsi/chrome-relay') },
    { name: '49 of 1000 dropped (4.9 %), just below low', session: receiving(1000, 49) },
    { name: 'too few frames to judge (30 of 99 dropped)', session: receiving(99, 30) },
  ],
  notApplicable: [
    { name: 'sending video only', session: videoSession(sentVideo({ totals: { framesEncoded: 900 } })) },
    {
      name: 'real Firefox call (no framesDropped)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
