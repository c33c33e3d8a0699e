import { expect } from 'vitest';
import { lossyStream, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { lossLadder } from '../../../test/support/loss-cases.js';
import detector from './network-audio-loss-in.js';

/** A session receiving one audio stream that lost `loss` % of its packets (see lossyStream). */
const receiving = (loss: number, options: { n?: number; lossySamples?: number } = {}) =>
  withStreams(
    lossyStream('audio', 'inbound', loss, options),
    stream({ kind: 'audio', direction: 'outbound' }),
  );

const ladder = lossLadder(receiving);

detectorCases(detector, {
  fires: [
    ...ladder.fires,
    {
      name: 'real call with 10 % loss each way is high',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'IT01A3950207663', ssrcId: 3950207663 });
        // 151 lost, 1344 received: 151 / 1495.
        expect(o!.valueInPercent).toBeCloseTo(10.1, 1);
        expect(o!.valueInCount).toBe(151);
        expect(o!.indicators.packets).toBe(1344);
        expect(o!.durationInPercent).toBeGreaterThan(90);
      },
    },
    {
      name: 'real callee side of the 10 % loss call is high',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.callee.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source?.sid).toBe('IT01A1919470124');
        expect(o!.valueInPercent).toBeCloseTo(9.55, 1);
      },
    },
    {
      name: 'real rtcstats (npm client) dump of the same loss call is high',
      session: fixtureSession('chromium156/loss/rtcstats_dump.caller.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', sid: 'IT01A3950207663' });
        expect(o!.valueInPercent).toBeCloseTo(10.03, 2);
      },
    },
    {
      name: '8 % loss all call long is high',
      session: receiving(8),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInPercent).toBe(8);
        expect(o!.valueInCount).toBe(800);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.indicators).toMatchObject({ lostPackets: 800, packets: 9200, affectedStreams: 1 });
        expect(o!.meaning).toBe(
          '8 % of the audio packets received were lost, more than 2 % in 100 % of the measured intervals.',
        );
      },
    },
    {
      name: '8 % loss packed into 2 of 30 intervals is one level milder (medium)',
      session: receiving(8, { lossySamples: 2 }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInPercent).toBe(8);
        expect(o!.durationInPercent).toBeCloseTo(6.67, 2);
        expect(o!.firstSeenAt).toBe(T0 + 27_000);
      },
    },
    {
      name: '8 % loss packed into 1 of 60 intervals is two levels milder (low)',
      session: receiving(8, { n: 60, lossySamples: 1 }),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBeCloseTo(1.67, 2),
    },
    {
      name: 'two lossy audio streams report the worst one and count both',
      session: withStreams(
        lossyStream('audio', 'inbound', 3, { id: 'IT-mild', ssrc: 1 }),
        lossyStream('audio', 'inbound', 6, { id: 'IT-worst', ssrc: 2 }),
      ),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT-worst', ssrcId: 2 });
        expect(o!.indicators.affectedStreams).toBe(2);
      },
    },
  ],
  quiet: [
    ...ladder.quiet,
    {
      name: '9 lost of 99 packets: too few packets to judge',
      session: withStreams(
        stream({ totals: { packets: 90, packetsLost: 9 }, values: { lossPercent: flat(30, 9) } }),
        stream({ kind: 'audio', direction: 'outbound' }),
      ),
    },
    { name: 'outgoing audio loss only', session: withStreams(stream(), lossyStream('audio', 'outbound', 8)) },
  ],
  notApplicable: [
    {
      name: 'send-only audio (built)',
      session: withStreams(stream({ kind: 'audio', direction: 'outbound' })),
    },
    {
      name: 'incoming audio that never carried a packet',
      session: withStreams(stream({ totals: { packets: 0 } })),
    },
    { name: 'no connection (built)', session: session({ connections: [] }) },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'real call that received no audio', session: fixtureSession('jitsi/safari-relay') },
  ],
});
