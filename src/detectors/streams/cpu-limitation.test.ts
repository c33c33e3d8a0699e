import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, stepAt, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './cpu-limitation.js';

/** Sent video CPU-limited a `share` (0..1) of the time, with the per-sample reason `cpu` from sample 5 on. */
const sending = (share: number, overrides: Parameters<typeof sentVideo>[0] = {}) =>
  sentVideo({
    qualityLimitation: { bandwidth: 0, cpu: share, other: 0, none: 1 - share },
    limitationReasons: stepAt(30, 5, 'cpu', 'none'),
    ...overrides,
  });

detectorCases(detector, {
  fires: [
    {
      name: 'CPU-limited 60 % of the time is high',
      session: videoSession(sending(0.6)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBe(60);
        expect(o!.firstSeenAt).toBe(T0 + 5000);
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01V1111', ssrcId: 1111 });
        expect(o!.meaning).toBe('Sent video was limited by cpu 60 % of the time.');
      },
    },
    {
      name: 'CPU-limited 40 % is medium (no start-up allowance for CPU)',
      session: videoSession(sending(0.4, { limitationReasons: stepAt(30, 0, 'cpu', 'none') })),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators!.judgedPercent).toBe(40),
    },
    {
      name: 'CPU-limited 20 % is low',
      session: videoSession(sending(0.2)),
      severities: ['low'],
    },
    {
      name: 'three simulcast layers of one track give one finding',
      session: videoSession(
        sending(0.35, { id: 'OT01V1', ssrc: 1, rid: 'q' }),
        sending(0.35, { id: 'OT01V2', ssrc: 2, rid: 'h' }),
        sending(0.35, { id: 'OT01V3', ssrc: 3, rid: 'f' }),
      ),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators!.layers).toBe(3);
        expect(o!.indicators!.rid).toBe('q');
      },
    },
  ],
  quiet: [
    {
      name: 'real clean call (2-core machine, never CPU-limited)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'CPU-limited 9.9 %, just below low', session: videoSession(sending(0.099)) },
    {
      name: 'limited by bandwidth, not CPU',
      session: videoSession(
        sentVideo({ qualityLimitation: { bandwidth: 0.8, cpu: 0, other: 0, none: 0.2 } }),
      ),
    },
  ],
  notApplicable: [
    { name: 'receiving video only', session: videoSession(receivedVideo()) },
    { name: 'sender without quality-limitation stats', session: videoSession(sentVideo()) },
    {
      name: 'real Safari call (no qualityLimitationDurations)',
      session: fixtureSession('jitsi/safari-relay'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
