import { expect } from 'vitest';
import { burst, type Samples, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './silent-microphone.js';

/** A session sending audio whose level (0..1) per one-second sample is `audioLevel`. */
const sending = (audioLevel: Samples) =>
  withStreams(stream({ direction: 'outbound', n: audioLevel.length, values: { audioLevel } }), stream());

detectorCases(detector, {
  fires: [
    {
      name: 'digital silence for the whole call is high',
      session: sending(flat(30, 0)),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01A1234', ssrcId: 1234 });
        expect(o!.maxInMs).toBe(29_000);
        expect(o!.durationInPercent).toBe(100);
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('The microphone sent only digital silence for the whole call.');
      },
    },
  ],
  quiet: [
    // A mute: the microphone had produced sound (trackMuted reports it as what the app did).
    { name: '6 silent samples (5 s) in a call with sound', session: sending(burst(30, 6, 0, 0.2, 10)) },
    { name: 'silent from the start, then sound', session: sending(burst(30, 10, 0, 0.2, 0)) },
    {
      name: 'real call whose app disabled the audio track for 7.5 s (track.enabled = false)',
      session: fixtureSession('chromium156/mute/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call muted to its end, in the rtcstats format',
      session: fixtureSession('chromium156/mute-callee/rtcstats_dump.callee.txt'),
    },
    {
      name: 'real clean call (speech with short pauses)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: '3 s of silence (4 samples), just under the threshold', session: sending(burst(30, 4, 0, 0.2)) },
    { name: 'a quiet room: a low but non-zero noise floor', session: sending(flat(30, 0.0003)) },
  ],
  notApplicable: [
    { name: 'sent audio without a level series (built)', session: session() },
    { name: 'receive-only audio', session: withStreams(stream({ values: { audioLevel: flat(30, 0) } })) },
    {
      name: 'real Firefox call without a media-source level',
      session: fixtureSession('jitsi/firefox-relay'),
    },
  ],
});
