import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './pli-storm.js';

/** A session receiving video for `n - 1` seconds, having sent `plis` keyframe requests. */
const requesting = (plis: number, n = 30) => videoSession(receivedVideo({ n, totals: { pliCount: plis } }));

detectorCases(detector, {
  fires: [
    {
      name: 'real Firefox SFU call: 822 PLIs in 154 s on the sent video is high',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(822);
        expect(o!.source.ssrcId).toBe(271883463);
        expect(o!.indicators).toMatchObject({ plis: 822, direction: 'outbound' });
        expect(o!.indicators!.perSecond).toBeCloseTo(5.33, 2);
        expect(o!.meaning).toBe('822 keyframe requests in 154 s (5.33/s) on video sent.');
      },
    },
    {
      name: 'real Firefox P2P relay call: 12 PLIs in 15 s is medium',
      session: fixtureSession('jitsi/firefox-relay-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(12);
        expect(o!.source.ssrcId).toBe(265595414);
        expect(o!.indicators!.perSecond).toBeCloseTo(0.8, 2);
      },
    },
    {
      name: 'real Firefox 97 SFU call: 12 PLIs sent and 17 received in 60 s are low',
      session: fixtureSession('jitsi/firefox97-standard-stats-sfu'),
      severities: ['low', 'low'],
      check: (observations) =>
        expect(observations.map((o) => [o.indicators!.direction, o.valueInCount]).sort()).toEqual([
          ['inbound', 17],
          ['outbound', 12],
        ]),
    },
    {
      name: '5 PLIs in 29 s (0.17/s) is low',
      session: requesting(5),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ plis: 5, seconds: 29, perSecond: 0.17, direction: 'inbound' });
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('5 keyframe requests in 29 s (0.17/s) on video received.');
      },
    },
    { name: '60 PLIs in 29 s (2.1/s) is high', session: requesting(60), severities: ['high'] },
  ],
  quiet: [
    {
      name: 'real clean call (no PLI)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: '4 PLIs in 29 s (0.14/s), just below low', session: requesting(4) },
    { name: 'a 9 s stream is too short to judge', session: requesting(10, 10) },
  ],
  notApplicable: [
    { name: 'video without PLI counts', session: videoSession(sentVideo(), receivedVideo()) },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
