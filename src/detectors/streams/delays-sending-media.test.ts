import { expect } from 'vitest';
import { burst, type Samples, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './delays-sending-media.js';

/** A session sending video whose packets waited `sendDelayMs` ms each in the pacer, per sample. */
const sending = (sendDelayMs: Samples) =>
  withStreams(
    stream({
      kind: 'video',
      direction: 'outbound',
      n: sendDelayMs.length,
      values: { sendDelayMsPerPacket: sendDelayMs },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real Safari relay call: 89 ms average, half the call over 40 ms, is medium',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', sid: 'OT01V3749305349' });
        expect(o!.averageInMs).toBeCloseTo(89.5, 1);
        expect(o!.maxInMs).toBeCloseTo(383.07, 2);
        expect(o!.durationInPercent).toBeCloseTo(46.15, 2);
      },
    },
    {
      name: '250 ms per packet all call long is high',
      session: sending(flat(30, 250)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01V1234', ssrcId: 1234 });
        expect(o!.averageInMs).toBe(250);
        expect(o!.maxInMs).toBe(250);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.indicators).toEqual({ averageMs: 250, maxMs: 250, kind: 'video' });
        expect(o!.meaning).toBe('Video packets waited 250 ms on average in the send queue (max 250 ms).');
      },
    },
    {
      name: '120 ms per packet all call long is medium',
      session: sending(flat(30, 120)),
      severities: ['medium'],
    },
    {
      name: '50 ms per packet all call long is low',
      session: sending(flat(30, 50)),
      severities: ['low'],
      check: ([o]) => expect(o!.averageInMs).toBe(50),
    },
    {
      name: 'a fifth of the call at 150 ms is judged on that level (medium), not the 38 ms average',
      session: sending(burst(30, 6, 150, 10, 20)),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.averageInMs).toBe(38);
        expect(o!.durationInPercent).toBe(20);
        expect(o!.firstSeenAt).toBe(T0 + 19_000);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '39 ms per packet, just under the low threshold', session: sending(flat(30, 39)) },
    { name: 'one 300 ms keyframe burst in 30 samples', session: sending(burst(30, 1, 300, 10)) },
    {
      name: 'a layer that sent for 4 s at 250 ms per packet: too short to judge',
      session: sending(flat(4, 250)),
    },
  ],
  notApplicable: [
    { name: 'sender without totalPacketSendDelay (built)', session: session() },
    {
      name: 'receive-only',
      session: withStreams(stream({ kind: 'video', values: { sendDelayMsPerPacket: flat(30, 250) } })),
    },
    { name: 'real legacy goog-stats call', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
  ],
});
