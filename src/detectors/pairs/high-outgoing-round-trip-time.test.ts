import { expect } from 'vitest';
import { oneConnection, withoutRtt } from '../../../test/builders/pairs.js';
import { flat, ice, pair, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-outgoing-round-trip-time.js';

/** Sending audio for 30 s with these RTCP round-trip times (ms); the received audio measures 20 ms. */
const sending = (rttMs: readonly number[]) =>
  oneConnection({
    streams: [
      stream({ direction: 'outbound', id: 'OT01A1', values: { rttMs } }),
      stream({ direction: 'inbound', id: 'IT01A2', ssrc: 2 }),
    ],
  });

/** `n` samples at `rest` with `count` samples at `value` from index 10. */
const spikes = (n: number, count: number, value: number, rest: number) =>
  Array.from({ length: n }, (_, i) => (i >= 10 && i < 10 + count ? value : rest));

/** Receiving only: the outgoing RTT comes from the STUN checks of the selected pair. */
const stunOnly = (rttMs: number) =>
  oneConnection({
    streams: [stream({ direction: 'inbound' })],
    ice: ice({ pairs: [pair({ series: { rttMs: flat(30, rttMs) } })] }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'real Safari relay call with multi-second round trips is high',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(551, 0);
        expect(o!.maxInMs).toBeCloseTo(7066, 0);
        expect(o!.durationInPercent).toBeCloseTo((9 / 57) * 100, 1);
        expect(o!.indicators).toMatchObject({ samples: 57, stalls: 4 });
        expect(o!.meaning).toBe(
          'Round-trip time on the media sent by PC_0 was 3295 ms on average from 2:27 (max 7066 ms; 551 ms over the call).',
        );
      },
    },
    {
      name: 'real P2P call at 165 ms with one 4.2 s round trip among 16 is medium',
      session: fixtureSession('jitsi/google-standard-stats-remote-relay-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'PC_0' });
        expect(o!.averageInMs).toBeCloseTo(416, 0);
        expect(o!.maxInMs).toBeCloseTo(4182, 0);
        expect(o!.indicators).toMatchObject({ samples: 16, stalls: 1, samplesAbove800msPercent: 6.25 });
      },
    },
    {
      name: 'real call to a distant bridge at about 190 ms is low',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(191, 0);
        expect(o!.durationInPercent).toBe(100);
      },
    },
    {
      name: '900 ms throughout is high',
      session: sending(Array(30).fill(900)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(900);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.indicators).toMatchObject({ samplesAbove800msPercent: 100, stalls: 0 });
      },
    },
    {
      name: '400 ms throughout is medium',
      session: sending(Array(30).fill(400)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(400);
        expect(o!.maxInMs).toBe(400);
        expect(o!.firstSeenAt).toBeDefined();
      },
    },
    {
      name: '200 ms throughout is low',
      session: sending(Array(30).fill(200)),
      severities: ['low'],
      check: ([o]) => expect(o!.averageInMs).toBe(200),
    },
    {
      name: 'two multi-second stalls on a 100 ms path are high',
      session: sending(spikes(30, 2, 2500, 100)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.averageInMs).toBeCloseTo(260, 6);
        expect(o!.indicators).toMatchObject({ stalls: 2 });
      },
    },
    {
      name: 'one 2.5 s peak among 30 samples (3.3 % above 800 ms) is medium',
      session: sending(spikes(30, 1, 2500, 100)),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators?.samplesAbove800msPercent).toBeCloseTo(100 / 30, 1),
    },
    {
      name: 'no RTCP round trip: STUN checks at 400 ms are medium',
      session: stunOnly(400),
      severities: ['medium'],
      // 29 of the pair's 30 samples come after its selection at T0 + 300 ms.
      check: ([o]) => expect(o!.indicators).toMatchObject({ averageMs: 400, samples: 29 }),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '149 ms throughout, just below low', session: sending(Array(30).fill(149)) },
    {
      name: 'real data-channel call, STUN round trips of 1 ms',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'real legacy Chrome call: the STUN RTT smoothing from 3000 ms is not a round trip',
      session: fixtureSession('fippo/clienttest.json'),
    },
    {
      name: 'legacy -1 (no report yet) samples are ignored',
      session: sending([...Array(5).fill(-1), ...Array(25).fill(140)]),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'no RTCP round trip and no STUN round trip',
      session: oneConnection({
        streams: [withoutRtt(stream({ direction: 'outbound' }))],
        ice: ice({ pairs: [pair({ series: {} })] }),
      }),
    },
  ],
});
