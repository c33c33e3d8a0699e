import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, stepAt, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './bandwidth-limitation.js';

/**
 * A session sending video for `n` seconds, bandwidth-limited a `share` (0..1) of the time, with the
 * per-sample reason `bandwidth` from sample `from` on.
 */
const limited = (share: number, from: number, n = 30) =>
  videoSession(
    sentVideo({
      n,
      qualityLimitation: { bandwidth: share, cpu: 0, other: 0, none: 1 - share },
      limitationReasons: stepAt(n, from, 'bandwidth', 'none'),
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real relay call: bandwidth-limited 15 % of the time, in bursts after the start, is low',
      session: fixtureSession('jitsi/chrome-relay'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBeCloseTo(14.64, 1);
        expect(o!.indicators!.judgedPercent).toBeCloseTo(14.64, 1);
        expect(o!.source).toMatchObject({ pid: 'PC_0', ssrcId: 2007858786 });
        expect(o!.meaning).toBe('Sent video was limited by bandwidth 15 % of the time.');
      },
    },
    {
      name: 'real simulcast sender limited 57 % of the time is medium, once for its three layers',
      session: fixtureSession('jitsi/chrome-standard-multiple-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators!.limitedPercent).toBeCloseTo(56.96, 1);
        // 10 s of ramp over 310 s taken off: the sentence and the judged figure are one number.
        expect(o!.durationInPercent).toBeCloseTo(53.73, 1);
        expect(o!.meaning).toBe(
          'Sent video was limited by bandwidth 54 % of the time after the start-up ramp of the bandwidth estimate (57 % with it).',
        );
        expect(o!.source!.pid).toBe('PC_3');
        expect(o!.indicators!.layers).toBe(3);
      },
    },
    {
      name: 'limited 90 % of a 60 s call is high even after the 10 s start-up ramp is taken off',
      session: limited(0.9, 0, 61),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.indicators!.limitedPercent).toBe(90);
        expect(o!.indicators!.judgedPercent).toBeCloseTo(90 - 100 / 6, 2);
        expect(o!.durationInPercent).toBe(o!.indicators!.judgedPercent);
        // Dated where the start-up ramp ends, as the share is judged from there.
        expect(o!.firstSeenAt).toBe(T0 + 10_000);
        expect(o!.episodes![0]!.start).toBe(T0 + 10_000);
      },
    },
    {
      name: 'limitation that began 15 s in is not the ramp: 35 % is medium',
      session: limited(0.35, 15),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators!.judgedPercent).toBe(35);
        // The onset is the start of the first interval the encoder reported limited (14-15 s).
        expect(o!.firstSeenAt).toBe(T0 + 14_000);
      },
    },
    {
      name: 'real renegotiation that added video: judged on 47 %, and the sentence says 47 %',
      session: fixtureSession('chromium156/renegotiation/webrtc_internals_dump.txt'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators!.limitedPercent).toBeCloseTo(99.85, 1);
        expect(o!.durationInPercent).toBeCloseTo(47.25, 1);
        expect(o!.meaning).toBe(
          'Sent video was limited by bandwidth 47 % of the time after the start-up ramp of the bandwidth estimate (100 % with it).',
        );
      },
    },
    {
      name: 'a 10 s sender limited 96 % of its time: the ramp takes at most 60 % of it, 36 % is medium',
      session: limited(0.96, 0, 11),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators!.judgedPercent).toBeCloseTo(36, 6),
    },
    {
      name: 'a 17 s sender limited 96 % of its time: 10 s of ramp off, 37 % is medium',
      session: limited(0.96, 0, 18),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators!.judgedPercent).toBeCloseTo(96 - 1000 / 17, 1),
    },
    {
      name: 'limited exactly 10 % after the ramp is low',
      session: limited(0.1, 20),
      severities: ['low'],
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call whose only limitation is the start-up ramp (65 % of a 9 s sender)',
      session: fixtureSession('jitsi/9c93a447-c9f8-489d-87ca-21263dec0642'),
    },
    { name: '35 % of a 29 s call, limited from the start: the ramp-up', session: limited(0.35, 0) },
    { name: '9.9 % after the ramp, just below low', session: limited(0.099, 20) },
  ],
  notApplicable: [
    { name: 'receiving video only', session: videoSession(receivedVideo()) },
    { name: 'sender without quality-limitation stats', session: videoSession(sentVideo()) },
    {
      name: 'real Firefox call (no qualityLimitationDurations)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
