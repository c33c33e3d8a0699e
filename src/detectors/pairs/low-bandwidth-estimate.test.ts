import { expect } from 'vitest';
import { oneConnection } from '../../../test/builders/pairs.js';
import { ice, series, stream, T0, times } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './low-bandwidth-estimate.js';

/** Sending video for 30 s while the estimate is 100 kbit/s for `low` samples, 1500 kbit/s otherwise. */
const sendingVideo = (low: number) =>
  oneConnection({
    streams: [stream({ kind: 'video', direction: 'outbound', id: 'OT01V1' })],
    ice: ice({
      bandwidth: {
        t: times(30),
        availableOutgoingKbps: series(Array.from({ length: 30 }, (_, i) => (i >= 30 - low ? 100 : 1500))),
      },
    }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'below 150 kbit/s for 60 % of the video is high',
      session: sendingVideo(18),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.durationInPercent).toBe(60);
        expect(o!.indicators).toEqual({ minEstimateKbps: 100, samplesBelowLimitPercent: 60 });
        expect(o!.firstSeenAt).toBe(T0 + 11_000);
        expect(o!.meaning).toBe(
          'The outgoing bandwidth estimate of pc1 was below 150 kbit/s during 60 % of the video (lowest 100 kbit/s).',
        );
      },
    },
    {
      name: 'for 30 % is medium',
      session: sendingVideo(9),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInPercent).toBe(30),
    },
    {
      name: 'for 10 % is low',
      session: sendingVideo(3),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBe(10),
    },
  ],
  quiet: [
    {
      name: 'real clean call (estimate 3.5 Mbit/s)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'one low sample of 30 (3.3 %), below the 5 % threshold', session: sendingVideo(1) },
  ],
  notApplicable: [
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'video sent but no bandwidth estimate',
      session: oneConnection({ streams: [stream({ kind: 'video', direction: 'outbound' })] }),
    },
    {
      name: 'video stream that never sent a packet',
      session: oneConnection({
        streams: [stream({ kind: 'video', direction: 'outbound', totals: { packets: 0 } })],
        ice: ice({ bandwidth: { t: times(30), availableOutgoingKbps: series(Array(30).fill(100)) } }),
      }),
    },
  ],
});
