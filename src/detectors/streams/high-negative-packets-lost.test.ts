import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './high-negative-packets-lost.js';

/** A received stream whose packetsLost counter went down to `minPacketsLost` (ending at `packetsLost`). */
const received = (minPacketsLost: number, packetsLost = minPacketsLost, kind: 'audio' | 'video' = 'video') =>
  stream({
    kind,
    id: `IT-${kind}`,
    ssrc: kind === 'audio' ? 11 : 22,
    totals: { minPacketsLost, packetsLost },
  });

detectorCases(detector, {
  fires: [
    {
      name: 'video packetsLost down to -5 (duplicates)',
      session: withStreams(received(-5), received(0, 0, 'audio')),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT-video', ssrcId: 22 });
        expect(o!.valueInCount).toBe(-5);
        expect(o!.indicators).toEqual({ minPacketsLost: -5, kind: 'video' });
        expect(o!.meaning).toBe('The packetsLost counter of video stream 22 went down to -5.');
      },
    },
    {
      name: 'a counter that dipped to -1 and recovered still counts',
      session: withStreams(received(-1, 12, 'audio')),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(-1),
    },
    {
      name: 'one finding per stream',
      session: withStreams(received(-3, -3, 'audio'), received(-40)),
      severities: ['low', 'low'],
      check: (observations) => expect(observations.map((o) => o.valueInCount)).toEqual([-3, -40]),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call with 10 % loss',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
    },
    { name: 'counter never below 0', session: withStreams(received(0, 25)) },
  ],
  notApplicable: [
    { name: 'received streams without a packetsLost history (built)', session: session() },
    { name: 'send-only', session: withStreams(stream({ direction: 'outbound' })) },
    { name: 'real call that received nothing', session: fixtureSession('jitsi/firefox-relay-p2p') },
  ],
});
