import { expect } from 'vitest';
import { burst, type Samples, withoutSeries, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './network-media-jitter-out.js';

/** A session sending audio whose jitter (ms, from RTCP receiver reports) per sample is `jitterMs`. */
const sending = (jitterMs: Samples) =>
  withStreams(stream({ direction: 'outbound', n: jitterMs.length, values: { jitterMs } }), stream());

detectorCases(detector, {
  fires: [
    {
      name: '120 ms jitter all call long is high',
      session: sending(flat(30, 120)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01A1234', ssrcId: 1234 });
        expect(o!.averageInMs).toBe(120);
        expect(o!.maxInMs).toBe(120);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('Audio sent on pc1 had 120 ms jitter on average (max 120 ms).');
      },
    },
    {
      name: '60 ms jitter all call long is medium',
      session: sending(flat(30, 60)),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(60),
    },
    {
      name: '35 ms jitter all call long is low',
      session: sending(flat(30, 35)),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(35);
        expect(o!.indicators).toMatchObject({ kind: 'audio', averageMs: 35, samplesAbove30msPercent: 100 });
      },
    },
    {
      name: 'a third of the call at 120 ms is judged on that level (high), not the 47 ms average',
      session: sending(burst(30, 10, 120, 10)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(46.67, 2);
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
      },
    },
    {
      name: 'a 107 ms average from 2 huge spikes in 30 samples is one level milder (medium)',
      session: sending(burst(30, 2, 1600, 0)),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInPercent).toBeCloseTo(6.67, 2),
    },
    {
      name: 'one finding per connection',
      session: session({
        connections: [
          ...sending(flat(30, 60)).connections,
          { ...sending(flat(30, 35)).connections[0]!, id: 'pc2' },
        ],
      }),
      severities: ['medium', 'low'],
      check: (observations) => expect(observations.map((o) => o.source.pid)).toEqual(['pc1', 'pc2']),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '29 ms jitter, just under the low threshold', session: sending(flat(30, 29)) },
    { name: 'one 500 ms spike in 30 samples', session: sending(burst(30, 1, 500, 2)) },
    {
      name: 'jitter on the incoming stream only',
      session: withStreams(
        stream({ direction: 'outbound' }),
        stream({ values: { jitterMs: flat(30, 120) } }),
      ),
    },
  ],
  notApplicable: [
    {
      name: 'outgoing stream without receiver reports (no jitter)',
      session: withStreams(withoutSeries(stream({ direction: 'outbound' }), 'jitterMs'), stream()),
    },
    { name: 'receive-only (built)', session: withStreams(stream()) },
    {
      name: 'real Safari call without remote-inbound jitter',
      session: fixtureSession('jitsi/safari-standard-stats'),
    },
  ],
});
