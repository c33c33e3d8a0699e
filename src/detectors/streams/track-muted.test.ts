import { expect } from 'vitest';
import { burst, withStreams } from '../../../test/builders/media-network.js';
import { flat, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './track-muted.js';

/** A session sending audio whose level per one-second sample is `audioLevel`, packets flowing. */
const sending = (audioLevel: number[]) =>
  withStreams(
    stream({
      direction: 'outbound',
      n: audioLevel.length,
      values: { audioLevel, packetRate: flat(audioLevel.length, 50) },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real call whose caller disabled its audio, then its video (webrtc-internals)',
      session: fixtureSession('chromium156/mute/webrtc_internals_dump.txt'),
      severities: ['info', 'info'],
      check: (list) => {
        expect(list.map((o) => o.kind).sort()).toEqual(['audio', 'video']);
        for (const o of list) expect(o).toMatchObject({ side: 'local', direction: 'outbound' });
        expect(list.find((o) => o.kind === 'video')!.meaning).toContain('black frames were sent');
      },
    },
    {
      name: 'real call muted to its end, in the rtcstats format',
      session: fixtureSession('chromium156/mute-callee/rtcstats_dump.callee.txt'),
      severities: ['info', 'info'],
    },
    {
      name: 'built: 8 s of digital silence in a call with sound',
      session: sending(burst(30, 8, 0, 0.3, 10)),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 9_000);
        expect(o!.durationInMs).toBe(8_000);
      },
    },
  ],
  quiet: [
    {
      name: 'real clean call (speech pauses of 2 s)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'built: a 3 s pause in speech', session: sending(burst(30, 3, 0, 0.3, 10)) },
    // A microphone that never produced sound is silentMicrophone's, not a mute.
    { name: 'built: silence for the whole call', session: sending(Array(30).fill(0)) },
    {
      name: 'the receiving side of the mute (remoteTrackMuted)',
      session: fixtureSession('chromium156/mute/webrtc_internals_dump.callee.txt'),
    },
  ],
  notApplicable: [{ name: 'receive-only (built)', session: withStreams(stream()) }],
});
