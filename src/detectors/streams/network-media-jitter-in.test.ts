import { expect } from 'vitest';
import { burst, type Samples, withoutSeries, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './network-media-jitter-in.js';

/** A session receiving audio whose jitter (ms) per one-second sample is `jitterMs`. */
const receiving = (jitterMs: Samples) =>
  withStreams(stream({ n: jitterMs.length, values: { jitterMs } }), stream({ direction: 'outbound' }));

detectorCases(detector, {
  fires: [
    {
      name: 'real Firefox relay call: video jitter spikes to 84 ms is medium',
      session: fixtureSession('jitsi/firefox-relay'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', sid: '83641d2c' });
        expect(o!.averageInMs).toBeCloseTo(35, 0);
        expect(o!.maxInMs).toBeCloseTo(84, 0);
        expect(o!.durationInPercent).toBe(25);
        expect(o!.indicators.kind).toBe('video');
      },
    },
    {
      name: 'real legacy-stats call: 44 ms audio jitter on one of two connections is medium',
      session: fixtureSession('jitsi/google-legacy-stats-multiple-pc'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_1', sid: 'ssrc_1169210963_recv' });
        expect(o!.averageInMs).toBeCloseTo(44.25, 2);
        expect(o!.indicators.kind).toBe('audio');
      },
    },
    {
      name: 'real Chrome relay call: 33 ms video jitter is low',
      session: fixtureSession('jitsi/chrome-relay'),
      severities: ['low'],
      check: ([o]) => expect(o!.averageInMs).toBeCloseTo(32.64, 2),
    },
    {
      name: '120 ms jitter all call long is high',
      session: receiving(flat(30, 120)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01A1234', ssrcId: 1234 });
        expect(o!.averageInMs).toBe(120);
        expect(o!.maxInMs).toBe(120);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('Audio received on pc1 had 120 ms jitter on average (max 120 ms).');
      },
    },
    {
      name: '60 ms jitter all call long is medium',
      session: receiving(flat(30, 60)),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(60),
    },
    {
      name: '35 ms jitter all call long is low',
      session: receiving(flat(30, 35)),
      severities: ['low'],
      check: ([o]) => expect(o!.averageInMs).toBe(35),
    },
    {
      name: 'a third of the call at 80 ms is judged on that level (medium), not the 33 ms average',
      session: receiving(burst(30, 10, 80, 10)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(33.33, 2);
        expect(o!.durationInPercent).toBeCloseTo(33.33, 2);
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
      },
    },
    {
      name: 'a 107 ms average from 2 huge spikes in 30 samples is one level milder (medium)',
      session: receiving(burst(30, 2, 1600, 0)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(106.67, 2);
        expect(o!.maxInMs).toBe(1600);
        expect(o!.durationInPercent).toBeCloseTo(6.67, 2);
      },
    },
    {
      name: 'reports the stream with the highest average per connection',
      session: withStreams(
        stream({ id: 'IT-audio', values: { jitterMs: flat(30, 40) } }),
        stream({ id: 'IT-video', kind: 'video', values: { jitterMs: flat(30, 70) } }),
      ),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source?.sid).toBe('IT-video');
        expect(o!.meaning).toMatch(/^Video received on pc1 had 70 ms/);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '29 ms jitter, just under the low threshold', session: receiving(flat(30, 29)) },
    { name: 'one 500 ms spike in 30 samples', session: receiving(burst(30, 1, 500, 2)) },
    {
      name: 'jitter on the outgoing stream only',
      session: withStreams(stream(), stream({ direction: 'outbound', values: { jitterMs: flat(30, 120) } })),
    },
  ],
  notApplicable: [
    {
      name: 'incoming stream without jitter',
      session: withStreams(withoutSeries(stream(), 'jitterMs'), stream({ direction: 'outbound' })),
    },
    { name: 'send-only (built)', session: withStreams(stream({ direction: 'outbound' })) },
    { name: 'no connection (built)', session: session({ connections: [] }) },
    { name: 'real call that received nothing', session: fixtureSession('jitsi/firefox-relay-p2p') },
  ],
});
