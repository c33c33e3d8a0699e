import { expect } from 'vitest';
import { lossyStream, withStreams } from '../../../test/builders/media-network.js';
import { session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { lossLadder } from '../../../test/support/loss-cases.js';
import detector from './network-audio-loss-out.js';

/** A session sending one audio stream of which the receiver reported `loss` % lost. */
const sending = (loss: number, options: { n?: number; lossySamples?: number } = {}) =>
  withStreams(
    lossyStream('audio', 'outbound', loss, options),
    stream({ kind: 'audio', direction: 'inbound' }),
  );

const ladder = lossLadder(sending);

detectorCases(detector, {
  fires: [
    ...ladder.fires,
    {
      name: 'real call with 10 % loss each way is high',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'OT01A1919470124', ssrcId: 1919470124 });
        // 143 reported lost of the 1448 sent by the last receiver report.
        expect(o!.valueInPercent).toBeCloseTo(9.88, 2);
        expect(o!.valueInCount).toBe(143);
        // The first receiver report arrived 8 s in: every reported interval was lossy.
        expect(o!.durationInPercent).toBe(100);
      },
    },
    {
      name: 'real callee side of the 10 % loss call is high',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.callee.txt'),
      severities: ['high'],
      check: ([o]) => expect(o!.valueInPercent).toBeCloseTo(10.4, 1),
    },
    {
      name: 'real Safari relay call with 3.7 % loss in bursts is low (medium made milder)',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source?.sid).toBe('OT01A3207454420');
        expect(o!.valueInPercent).toBeCloseTo(3.74, 2);
        expect(o!.durationInPercent).toBeLessThan(10);
      },
    },
    {
      name: '8 % loss all call long is high',
      session: sending(8),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01A1234', ssrcId: 1234 });
        expect(o!.valueInPercent).toBe(8);
        expect(o!.valueInCount).toBe(800);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.meaning).toBe(
          '8 % of the audio packets sent were lost, more than 2 % in 100 % of the measured intervals.',
        );
      },
    },
    {
      name: '8 % loss packed into 2 of 30 intervals is one level milder (medium)',
      session: sending(8, { lossySamples: 2 }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBeCloseTo(6.67, 2);
        expect(o!.firstSeenAt).toBe(T0 + 27_000);
      },
    },
    {
      name: 'a receiver report without a loss series judges the totals alone',
      session: withStreams({ ...lossyStream('audio', 'outbound', 6), series: {} }),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBeUndefined();
        expect(o!.meaning).toBe('6 % of the audio packets sent were lost.');
      },
    },
  ],
  quiet: [
    ...ladder.quiet,
    {
      name: 'lossy incoming audio only',
      session: withStreams(
        stream({ kind: 'audio', direction: 'outbound' }),
        lossyStream('audio', 'inbound', 8),
      ),
    },
  ],
  notApplicable: [
    {
      name: 'sent audio without receiver reports (no loss count)',
      session: withStreams(
        stream({ kind: 'audio', direction: 'outbound', totals: { remotePacketsLost: undefined } }),
      ),
    },
    {
      name: 'real Safari call without remote-inbound reports',
      session: fixtureSession('jitsi/safari-standard-stats'),
    },
    { name: 'receive-only audio (built)', session: withStreams(stream()) },
    {
      name: 'outgoing audio that never carried a packet',
      session: withStreams(stream({ direction: 'outbound', totals: { packets: 0 } })),
    },
    { name: 'no connection (built)', session: session({ connections: [] }) },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
