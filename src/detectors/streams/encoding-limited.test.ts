import { expect } from 'vitest';
import { connection, session, stream, T0, times } from '../../../test/builders/session.js';
import { stepAt } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../../test/support/fixtures.js';
import detector from './encoding-limited.js';

/** Sending video whose target goes from 1700 to `capKbps` at sample 10, with a constant estimate. */
const capped = (capKbps: number, estimateKbps: number) =>
  session({
    connections: [
      connection({
        streams: [
          stream({
            kind: 'video',
            direction: 'outbound',
            values: { targetBitrateKbps: stepAt(30, 10, capKbps, 1700) },
          }),
        ],
        ice: {
          ...connection().ice,
          bandwidth: {
            t: times(30),
            availableOutgoingKbps: Float64Array.from(stepAt(30, 0, estimateKbps, 0)),
          },
        },
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    ...CHROMIUM_FORMATS.caller.map((file) => ({
      name: `real call whose caller set maxBitrate 100 kbit/s at 10 s (${file})`,
      session: fixtureSession(`chromium156/max-bitrate/${file}`),
      severities: ['low'] as const,
      check: ([o]: { side?: string; direction?: string; kind?: string; cause?: { family: string } }[]) => {
        expect(o).toMatchObject({ side: 'local', direction: 'outbound', kind: 'video' });
        expect(o!.cause?.family).toBe('application');
      },
    })),
    {
      name: 'built: target down to 100 kbit/s under a 3.7 Mbit/s estimate',
      session: capped(100, 3700),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
        expect(o!.indicators.targetKbps).toBe(100);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real capped uplink: the estimate fell with the target',
      session: fixtureSession('chromium156/bandwidth-drop-down/webrtc_internals_dump.callee.txt'),
    },
    {
      name: 'real renegotiation: the new video ramps up, its target never falls',
      session: fixtureSession('chromium156/renegotiation/webrtc_internals_dump.txt'),
    },
    { name: 'built: the estimate fell too (congestion)', session: capped(100, 300) },
    { name: 'built: target halved, not capped', session: capped(850, 3700) },
  ],
  notApplicable: [
    { name: 'no bandwidth estimate (built)', session: session() },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
