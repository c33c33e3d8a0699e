import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-retransmissions.js';

/** A session sending 10 000 video packets of which `retransmitted` were retransmissions. */
const sending = (retransmitted: number) =>
  withStreams(
    stream({
      kind: 'video',
      direction: 'outbound',
      totals: { packets: 10_000, retransmittedPackets: retransmitted },
    }),
    stream({ kind: 'audio', direction: 'outbound', id: 'OT-audio', totals: { retransmittedPackets: 0 } }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real call with 10 % loss: 7.9 % retransmitted is low',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'OT01V2047936783' });
        // 205 retransmissions of 2581 packets sent.
        expect(o!.valueInPercent).toBeCloseTo(7.94, 2);
        expect(o!.valueInCount).toBe(205);
        expect(o!.indicators).toEqual({ retransmittedPackets: 205, packetsSent: 2581, kind: 'video' });
      },
    },
    {
      name: '20 % retransmitted is high',
      session: sending(2000),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01V1234', ssrcId: 1234 });
        expect(o!.valueInPercent).toBe(20);
        expect(o!.valueInCount).toBe(2000);
        expect(o!.meaning).toBe('20 % of the video packets sent were retransmissions.');
      },
    },
    { name: '10 % retransmitted is medium', session: sending(1000), severities: ['medium'] },
    {
      name: '5 % retransmitted is low',
      session: sending(500),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInPercent).toBe(5),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '2.9 % retransmitted, just under the low threshold', session: sending(290) },
  ],
  notApplicable: [
    { name: 'sender without retransmission counters (built)', session: session() },
    {
      name: 'receive-only',
      session: withStreams(stream({ kind: 'video', totals: { retransmittedPackets: 500 } })),
    },
    { name: 'real legacy goog-stats call', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
  ],
});
