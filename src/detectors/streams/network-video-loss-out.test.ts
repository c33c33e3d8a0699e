import { expect } from 'vitest';
import { lossyStream, withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { lossLadder } from '../../../test/support/loss-cases.js';
import detector from './network-video-loss-out.js';

/** A session sending one video stream of which the receiver reported `loss` % lost. */
const sending = (loss: number, options: { n?: number; lossySamples?: number } = {}) =>
  withStreams(
    lossyStream('video', 'outbound', loss, options),
    stream({ kind: 'video', direction: 'inbound' }),
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
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'OT01V2047936783', ssrcId: 2047936783 });
        // 188 reported lost of the 2511 sent by the last receiver report.
        expect(o!.valueInPercent).toBeCloseTo(7.49, 2);
        expect(o!.valueInCount).toBe(188);
        expect(o!.durationInPercent).toBeGreaterThan(90);
      },
    },
    {
      name: 'real Chromium rtcstats export of the same loss call is high',
      session: fixtureSession('chromium156/loss/chromium_rtcstats_dump.gz'),
      severities: ['high'],
      check: ([o]) => expect(o!.valueInPercent).toBeCloseTo(7.49, 2),
    },
    {
      name: 'real Safari relay call with a burst of 11 % loss is medium (one lossy interval in 12)',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['medium'],
      check: ([o]) => {
        // 382 lost of 3497 sent by the last report, all in one interval.
        expect(o!.source?.sid).toBe('OT01V3749305349');
        expect(o!.valueInPercent).toBeCloseTo(10.92, 2);
        expect(o!.valueInCount).toBe(382);
        expect(o!.durationInPercent).toBeLessThan(10);
        expect(o!.indicators.affectedStreams).toBe(2);
      },
    },
    {
      name: '8 % loss all call long is high',
      session: sending(8),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01V1234', ssrcId: 1234 });
        expect(o!.valueInPercent).toBe(8);
        expect(o!.valueInCount).toBe(800);
        expect(o!.indicators).toMatchObject({ lostPackets: 800, packets: 10_000, affectedStreams: 1 });
        expect(o!.meaning).toBe(
          '8 % of the video packets sent were lost, more than 2 % in 100 % of the measured intervals.',
        );
      },
    },
    {
      name: 'loss judged against the packets sent by the last receiver report',
      // 250 lost of the 5000 sent when the last report came: 5 %, though 10 000 were sent in all.
      session: withStreams({
        ...lossyStream('video', 'outbound', 2.5),
        totals: { packets: 10_000, remotePacketsLost: 250, packetsSentAtLastReport: 5000 },
      }),
      severities: ['high'],
      check: ([o]) => expect(o!.valueInPercent).toBe(5),
    },
  ],
  quiet: [
    ...ladder.quiet,
    {
      name: 'lossy incoming video only',
      session: withStreams(
        stream({ kind: 'video', direction: 'outbound' }),
        lossyStream('video', 'inbound', 8),
      ),
    },
  ],
  notApplicable: [
    {
      name: 'sent video without receiver reports (no loss count)',
      session: withStreams(
        stream({ kind: 'video', direction: 'outbound', totals: { remotePacketsLost: undefined } }),
      ),
    },
    {
      name: 'real Safari call without remote-inbound reports',
      session: fixtureSession('jitsi/safari-standard-stats'),
    },
    { name: 'audio only (built)', session: session() },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
    { name: 'receive-only video (built)', session: withStreams(stream({ kind: 'video' })) },
  ],
});
