import { expect } from 'vitest';
import { burst, withStreams } from '../../../test/builders/media-network.js';
import { session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './audio-concealment.js';

/** 30 s of received audio at 48 kHz. */
const SAMPLES = 1_440_000;

/**
 * A session receiving 30 s of audio of which `concealedPercent` % of the samples were concealed,
 * `silentPercent` % of them as silence (DTX), with a per-second concealment series when given.
 */
const receiving = (
  concealedPercent: number,
  {
    silentPercent = 0,
    samples = SAMPLES,
    perSecond,
  }: { silentPercent?: number; samples?: number; perSecond?: number[] } = {},
) =>
  withStreams(
    stream({
      totals: {
        totalSamplesReceived: samples,
        concealedSamples: Math.round((samples * concealedPercent) / 100),
        silentConcealedSamples: Math.round((samples * silentPercent) / 100),
        concealmentEvents: 12,
      },
      ...(perSecond ? { values: { concealmentPercent: perSecond } } : {}),
    }),
    stream({ direction: 'outbound' }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real call with 10 % loss: 4 % concealed is low',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: '8-1', sid: 'IT01A3950207663' });
        // (58 659 concealed - 1 080 silent) / 1 436 640 samples.
        expect(o!.valueInPercent).toBeCloseTo(4.01, 2);
        expect(o!.valueInCount).toBe(72);
        expect(o!.indicators).toMatchObject({ samples: 1_436_640, concealmentEvents: 72 });
      },
    },
    {
      name: 'real callee side of the loss call: 5.5 % concealed is medium',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.callee.txt'),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInPercent).toBeCloseTo(5.49, 2),
    },
    {
      name: 'real jittery Jitsi call: 13 % concealed (beyond silence) is high',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_1', sid: 'RTCInboundRTPAudioStream_3489317734' });
        // (1 016 553 - 730 132 silent) / 2 158 720.
        expect(o!.valueInPercent).toBeCloseTo(13.27, 2);
      },
    },
    {
      name: '12 % concealed is high',
      session: receiving(12),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01A1234', ssrcId: 1234 });
        expect(o!.valueInPercent).toBe(12);
        expect(o!.valueInCount).toBe(12);
        expect(o!.indicators).toMatchObject({ concealedPercent: 12, samples: SAMPLES });
        expect(o!.meaning).toBe(
          '12 % of the received audio was concealed (synthesized to cover missing packets).',
        );
      },
    },
    { name: '6 % concealed is medium', session: receiving(6), severities: ['medium'] },
    { name: '4 % concealed is low', session: receiving(4), severities: ['low'] },
    {
      name: 'silence concealed during DTX is not counted: 8 % concealed, 5 % of it silent, is low',
      session: receiving(8, { silentPercent: 5 }),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInPercent).toBe(3),
    },
    {
      name: 'the concealment series dates the first burst and how much of the call it covered',
      session: receiving(6, { perSecond: burst(30, 6, 30, 0, 12) }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 11_000);
        expect(o!.durationInPercent).toBe(20);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: '2.9 % concealed, just under the low threshold', session: receiving(2.9) },
    { name: 'half the audio concealed as silence (DTX)', session: receiving(50, { silentPercent: 50 }) },
    { name: 'under a second of audio received', session: receiving(20, { samples: 40_000 }) },
  ],
  notApplicable: [
    { name: 'receiver without concealment counters (built)', session: session() },
    { name: 'send-only audio (built)', session: withStreams(stream({ direction: 'outbound' })) },
    { name: 'real legacy goog-stats call', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
