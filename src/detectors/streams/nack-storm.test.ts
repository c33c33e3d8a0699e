import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './nack-storm.js';

/** A video stream of 10 000 packets that sent or received `nacks` NACKs. */
const video = (nacks: number, direction: 'inbound' | 'outbound' = 'inbound') =>
  stream({ kind: 'video', direction, totals: { packets: 10_000, nackCount: nacks } });

detectorCases(detector, {
  fires: [
    {
      name: 'real call with 10 % loss: NACKs both ways are medium',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
      severities: ['medium', 'medium'],
      check: (observations) => {
        const byDirection = Object.fromEntries(observations.map((o) => [o.indicators.direction, o]));
        // 189 NACKs received for 2581 packets sent; 170 sent for 2846 packets received.
        expect(byDirection.outbound).toMatchObject({ valueInCount: 189, source: { sid: 'OT01V2047936783' } });
        expect(byDirection.outbound!.valueInPercent).toBeCloseTo(7.32, 2);
        expect(byDirection.inbound).toMatchObject({ valueInCount: 170, source: { sid: 'IT01V329055524' } });
        expect(byDirection.inbound!.valueInPercent).toBeCloseTo(5.97, 2);
      },
    },
    {
      name: 'real callee of the loss call: 8.9 % in is medium, 4.8 % out is low',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.callee.txt'),
      severities: ['medium', 'low'],
    },
    {
      name: '12 NACKs per 100 packets received is high',
      session: withStreams(video(1200)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01V1234', ssrcId: 1234 });
        expect(o!.valueInCount).toBe(1200);
        expect(o!.valueInPercent).toBe(12);
        expect(o!.indicators).toEqual({
          nacks: 1200,
          packets: 10_000,
          nacksPer100Packets: 12,
          direction: 'inbound',
        });
        expect(o!.meaning).toBe('1200 NACKs for 10000 video packets received (12 %).');
      },
    },
    {
      name: '6 NACKs per 100 packets sent is medium',
      session: withStreams(video(600, 'outbound')),
      severities: ['medium'],
      check: ([o]) => expect(o!.meaning).toBe('600 NACKs for 10000 video packets sent (6 %).'),
    },
    {
      name: '3 NACKs per 100 packets received is low',
      session: withStreams(video(300)),
      severities: ['low'],
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '1.9 NACKs per 100 packets, just under the low threshold', session: withStreams(video(190)) },
    {
      name: 'NACK counts on audio are not judged',
      session: withStreams(video(0), stream({ totals: { packets: 1000, nackCount: 500 } })),
    },
  ],
  notApplicable: [
    { name: 'audio only (built)', session: session() },
    { name: 'video without NACK counters', session: withStreams(stream({ kind: 'video' })) },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
