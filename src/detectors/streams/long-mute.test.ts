import { expect } from 'vitest';
import { burst, withStreams } from '../../../test/builders/media-network.js';
import { session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './long-mute.js';

/**
 * A session sending video at 800 kbit/s, except `idleSamples` one-second samples at 2 kbit/s (black
 * frames) starting at sample 10, among `n`.
 */
const sending = (idleSamples: number, n = 60) =>
  withStreams(
    stream({
      kind: 'video',
      direction: 'outbound',
      n,
      values: { bitrateKbps: burst(n, idleSamples, 2, 800) },
    }),
    stream({ kind: 'video', direction: 'inbound', n }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real Jitsi SFU call: received video off for 90 s',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_0', sid: '219fb5f2' });
        expect(o!.durationInMs).toBeCloseTo(90_104, 0);
        expect(o!.indicators.direction).toBe('inbound');
      },
    },
    {
      name: 'camera off for 40 s',
      session: sending(40),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01V1234', ssrcId: 1234 });
        // The first idle rate covers the second before sample 10.
        expect(o!.firstSeenAt).toBe(T0 + 9000);
        expect(o!.durationInMs).toBe(40_000);
        expect(o!.indicators).toEqual({ longestMs: 40_000, direction: 'outbound' });
        expect(o!.meaning).toBe('Sent video was muted or off for 40 s.');
      },
    },
    {
      name: 'exactly 30 s off, the threshold',
      session: sending(30),
      severities: ['info'],
      check: ([o]) => expect(o!.durationInMs).toBe(30_000),
    },
    {
      name: 'the longest of two idle stretches is reported',
      session: withStreams(
        stream({
          kind: 'video',
          n: 120,
          values: { bitrateKbps: [...burst(60, 35, 0, 500, 5), ...burst(60, 50, 0, 500, 5)] },
        }),
      ),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(50_000);
        expect(o!.firstSeenAt).toBe(T0 + 64_000);
        expect(o!.meaning).toBe('Received video was muted or off for 50 s.');
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '29 s off, just under the threshold', session: sending(29) },
    {
      name: 'idle audio is not a muted camera',
      session: withStreams(
        stream({ kind: 'video' }),
        stream({ n: 60, values: { bitrateKbps: burst(60, 50, 0, 32) } }),
      ),
    },
  ],
  notApplicable: [
    { name: 'audio only (built)', session: session() },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'video that never carried a packet',
      session: withStreams(stream({ kind: 'video', totals: { packets: 0 } })),
    },
  ],
});
