import { expect } from 'vitest';
import { lossyStream, withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { lossLadder } from '../../../test/support/loss-cases.js';
import detector from './network-video-loss-in.js';

/** A session receiving one video stream that lost `loss` % of its packets (see lossyStream). */
const receiving = (loss: number, options: { n?: number; lossySamples?: number } = {}) =>
  withStreams(
    lossyStream('video', 'inbound', loss, options),
    stream({ kind: 'audio', direction: 'inbound' }),
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
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'IT01V329055524', ssrcId: 329055524 });
        // 181 lost, 2846 received (retransmissions repair part of the 10 %): 181 / 3027.
        expect(o!.valueInPercent).toBeCloseTo(5.98, 2);
        expect(o!.valueInCount).toBe(181);
        expect(o!.durationInPercent).toBeGreaterThan(80);
      },
    },
    {
      name: 'real Safari relay call with 6 % video loss is high',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['high'],
      check: ([o]) => {
        // 514 lost, 7760 received on the worst of three video streams.
        expect(o!.source?.sid).toBe('IT01V3859036835');
        expect(o!.valueInPercent).toBeCloseTo(6.21, 2);
        expect(o!.valueInCount).toBe(514);
        // Two affected streams, the loss in a burst covering at least a tenth of the samples.
        expect(o!.indicators.affectedStreams).toBe(2);
        expect(o!.durationInPercent).toBeGreaterThanOrEqual(10);
      },
    },
    {
      name: 'real Firefox relay call whose loss predates the recording is low',
      session: fixtureSession('jitsi/firefox-relay'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInPercent).toBeCloseTo(2.66, 2);
        expect(o!.durationInPercent).toBe(0);
        expect(o!.meaning).toContain('no recorded interval lost more than 2 %');
      },
    },
    {
      name: '8 % loss all call long is high',
      session: receiving(8),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01V1234', ssrcId: 1234 });
        expect(o!.valueInPercent).toBe(8);
        expect(o!.valueInCount).toBe(800);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.meaning).toBe(
          '8 % of the video packets received were lost, more than 2 % in 100 % of the measured intervals.',
        );
      },
    },
    {
      name: '4 % loss packed into 2 of 30 intervals is one level milder (low)',
      session: receiving(4, { lossySamples: 2 }),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBeCloseTo(6.67, 2),
    },
  ],
  quiet: [
    ...ladder.quiet,
    {
      name: 'lossy incoming audio only',
      session: withStreams(stream({ kind: 'video' }), lossyStream('audio', 'inbound', 8)),
    },
  ],
  notApplicable: [
    { name: 'audio only (built)', session: session() },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'send-only video (built)',
      session: withStreams(stream({ kind: 'video', direction: 'outbound' })),
    },
  ],
});
