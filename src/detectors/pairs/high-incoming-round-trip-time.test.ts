import { expect } from 'vitest';
import { oneConnection, withoutRtt } from '../../../test/builders/pairs.js';
import { stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-incoming-round-trip-time.js';

/** Receiving audio for 30 s with these round-trip times from RTCP sender reports (ms). */
const receiving = (rttMs: readonly number[]) =>
  oneConnection({
    streams: [
      stream({ direction: 'outbound', id: 'OT01A1' }),
      stream({ direction: 'inbound', id: 'IT01A2', ssrc: 2, values: { rttMs } }),
    ],
  });

/** `n` samples at `rest` with `count` samples at `value` from index 10. */
const spikes = (n: number, count: number, value: number, rest: number) =>
  Array.from({ length: n }, (_, i) => (i >= 10 && i < 10 + count ? value : rest));

detectorCases(detector, {
  fires: [
    {
      name: '1 s throughout is high',
      session: receiving(Array(30).fill(1000)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(1000);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe(
          'Round-trip time averaged 1000 ms (max 1000 ms) on the media received by pc1.',
        );
      },
    },
    {
      name: '350 ms throughout is medium',
      session: receiving(Array(30).fill(350)),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(350),
    },
    {
      name: '180 ms throughout is low',
      session: receiving(Array(30).fill(180)),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(180);
        expect(o!.indicators).toMatchObject({ samples: 30, samplesAbove150msPercent: 100 });
      },
    },
    {
      // Judged like jitter on the stretch it was high (a tenth of the call or more): 400 ms.
      name: 'a third of the call at 400 ms on a 100 ms path is judged on that stretch: medium',
      session: receiving(spikes(30, 10, 400, 100)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(200, 6);
        expect(o!.durationInPercent).toBeCloseTo(100 / 3, 1);
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
        expect(o!.episodes).toEqual([
          { start: T0 + 9_000, end: T0 + 19_000, peak: 400, peakAt: T0 + 10_000 },
        ]);
      },
    },
    {
      name: 'three samples above 800 ms (10 %) are high',
      session: receiving(spikes(30, 3, 1200, 50)),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ samplesAbove800msPercent: 10, stalls: 0 }),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '149 ms throughout, just below low', session: receiving(Array(30).fill(149)) },
    { name: 'real relay call', session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'real Safari call: no round trip on received media (no remote-outbound-rtp)',
      session: fixtureSession('jitsi/safari-relay'),
    },
    {
      name: 'real data-channel call (no media)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'received stream without round-trip time',
      session: oneConnection({ streams: [withoutRtt(stream({ direction: 'inbound' }))] }),
    },
  ],
});
