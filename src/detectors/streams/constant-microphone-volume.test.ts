import { expect } from 'vitest';
import { type Samples, withStreams } from '../../../test/builders/media-network.js';
import { flat, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './constant-microphone-volume.js';

/** A session sending audio whose level (0..1) per one-second sample is `audioLevel`. */
const sending = (audioLevel: Samples, firstPacketAt = T0) =>
  withStreams(
    stream({ direction: 'outbound', n: audioLevel.length, firstPacketAt, values: { audioLevel } }),
    stream(),
  );

/** Speech-like levels: never the same twice in a row. */
const speech = (n: number) => Array.from({ length: n }, (_, i) => 0.05 + ((i * 37) % 11) / 20);

detectorCases(detector, {
  fires: [
    {
      name: 'a level stuck at 0.25 for 30 samples',
      session: sending(flat(30, 0.25)),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'OT01A1234', ssrcId: 1234 });
        expect(o!.indicators).toEqual({ level: 0.25, samples: 30 });
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('The microphone level stayed at 0.250 for all 30 samples.');
      },
    },
    {
      name: 'exactly 10 identical samples, the minimum',
      session: sending(flat(10, 0.5)),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators.samples).toBe(10),
    },
    {
      name: 'levels before the first packet do not count',
      session: sending([...speech(5), ...flat(20, 0.1)], T0 + 5000),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ level: 0.1, samples: 20 });
        expect(o!.firstSeenAt).toBe(T0 + 5000);
      },
    },
  ],
  quiet: [
    {
      name: 'real clean call (speech)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'speech-like levels', session: sending(speech(30)) },
    { name: '9 identical samples, one short of the minimum', session: sending(flat(9, 0.25)) },
    { name: 'one sample differs by 0.01', session: sending([...flat(15, 0.25), 0.26, ...flat(14, 0.25)]) },
    { name: 'digital silence (silentMicrophone reports it)', session: sending(flat(30, 0)) },
  ],
  notApplicable: [
    { name: 'sent audio without a level series (built)', session: session() },
    { name: 'receive-only audio', session: withStreams(stream({ values: { audioLevel: flat(30, 0.25) } })) },
    {
      name: 'real Firefox call without a media-source level',
      session: fixtureSession('jitsi/firefox-relay'),
    },
  ],
});
