import { expect } from 'vitest';
import { connectedCall, logged } from '../../../test/builders/connections.js';
import { connection, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './ice-warmup.js';

/**
 * A call connected at 300 ms whose audio is polled every `pollMs` from 1.3 s and whose first packet
 * shows in the poll at `firstPacketMs`.
 */
const warm = (firstPacketMs: number, pollMs = 1000) => {
  const t = Array.from({ length: 40 }, (_, i) => T0 + 1300 + i * pollMs);
  return session({
    connections: [
      connection({
        ...logged(connectedCall(60_000)),
        streams: [stream({ kind: 'audio', direction: 'outbound', t, firstPacketAt: T0 + firstPacketMs })],
      }),
    ],
  });
};

detectorCases(detector, {
  fires: [
    {
      name: 'media started 20 s after connecting',
      session: warm(20_300),
      severities: ['info'],
      check: ([o]) => {
        // The last poll without packets was at 19.3 s: media started after it.
        expect(o!.durationInMs).toBe(19_000);
        expect(o!.firstSeenAt).toBe(T0 + 300);
        expect(o!.indicators).toEqual({ gapMs: 19_000 });
        expect(o!.meaning).toBe('Connection pc1 was connected at least 19 s before the first media packet.');
      },
    },
  ],
  quiet: [
    { name: 'media at most 9 s after connecting, under 10 s', session: warm(10_300) },
    {
      name: 'first packet in the first 10 s poll: it may have flowed from the start',
      session: warm(11_300, 10_000),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'real jitsi call polled every 10 s', session: fixtureSession('jitsi/chrome-relay') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call (no media stream)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
  ],
});
