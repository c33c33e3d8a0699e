import { expect } from 'vitest';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './other-limitation.js';

/** Sent video limited for "other" reasons (an application cap) a `share` (0..1) of the time. */
const sending = (share: number) =>
  videoSession(sentVideo({ qualityLimitation: { bandwidth: 0, cpu: 0, other: share, none: 1 - share } }));

detectorCases(detector, {
  fires: [
    {
      name: 'limited by other causes 45 % of the time is medium',
      session: sending(0.45),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBe(45);
        expect(o!.firstSeenAt).toBeNull();
        expect(o!.indicators).toMatchObject({ reason: 'other', limitedPercent: 45 });
        expect(o!.meaning).toBe('Sent video was limited by other causes 45 % of the time.');
      },
    },
    { name: 'limited 15 % is low', session: sending(0.15), severities: ['low'] },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'limited 9.9 %, just below low', session: sending(0.099) },
  ],
  notApplicable: [
    { name: 'receiving video only', session: videoSession(receivedVideo()) },
    {
      name: 'real Firefox call (no qualityLimitationDurations)',
      session: fixtureSession('jitsi/firefox-relay'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
