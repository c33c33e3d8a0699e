import { expect } from 'vitest';
import { burst, type Samples, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './speaker-delay.js';

/** A session receiving audio whose jitter-buffer delay (ms) per one-second sample is `jitterBufferMs`. */
const receiving = (jitterBufferMs: Samples) =>
  withStreams(
    stream({ n: jitterBufferMs.length, values: { jitterBufferMs } }),
    stream({ direction: 'outbound' }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real Jitsi SFU call: 314 ms in the jitter buffer is medium',
      session: fixtureSession('jitsi/google-standard-stats-sfu'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', sid: 'RTCInboundRTPAudioStream_757648711' });
        expect(o!.averageInMs).toBeCloseTo(314.47, 2);
        expect(o!.maxInMs).toBeCloseTo(819.76, 2);
      },
    },
    {
      name: 'real Jitsi P2P call: 478 ms on average, peaks of 3 s, is medium',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_1', sid: 'RTCInboundRTPAudioStream_3489317734' });
        expect(o!.averageInMs).toBeCloseTo(477.84, 2);
        expect(o!.maxInMs).toBeCloseTo(3145, 0);
      },
    },
    {
      name: '600 ms all call long is high',
      session: receiving(flat(30, 600)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01A1234', ssrcId: 1234 });
        expect(o!.averageInMs).toBe(600);
        expect(o!.maxInMs).toBe(600);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.indicators).toEqual({ averageMs: 600, maxMs: 600 });
        expect(o!.meaning).toBe('Received audio waited 600 ms on average in the jitter buffer (max 600 ms).');
      },
    },
    {
      name: '350 ms all call long is medium',
      session: receiving(flat(30, 350)),
      severities: ['medium'],
      check: ([o]) => expect(o!.averageInMs).toBe(350),
    },
    {
      name: '160 ms on average, from a 100 ms floor and a 10 s stretch at 280 ms, is low',
      session: receiving(burst(30, 10, 280, 100, 15)),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(160);
        expect(o!.maxInMs).toBe(280);
        expect(o!.firstSeenAt).toBe(T0 + 14_000);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '149 ms, just under the low threshold', session: receiving(flat(30, 149)) },
    { name: 'a 1 s spike to 1 s over an 80 ms floor', session: receiving(burst(30, 1, 1000, 80)) },
  ],
  notApplicable: [
    { name: 'receiver without jitter-buffer stats (built)', session: session() },
    {
      name: 'send-only audio',
      session: withStreams(stream({ direction: 'outbound', values: { jitterBufferMs: flat(30, 600) } })),
    },
    { name: 'real legacy goog-stats call', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
  ],
});
