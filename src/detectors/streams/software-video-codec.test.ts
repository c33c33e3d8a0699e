import { expect } from 'vitest';
import { flat, T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './software-video-codec.js';

/** Sent video encoded in software (libvpx) up to `height`. */
const softwareSent = (height: number) =>
  sentVideo({
    powerEfficient: false,
    encoderImplementation: 'libvpx',
    values: { frameHeight: flat(30, height) },
  });

detectorCases(detector, {
  fires: [
    {
      // Headless Chromium with --disable-gpu: libvpx both ways at 480p, which is worth an info.
      name: 'real clean call: software VP8 encoding and decoding at 480p are info',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
      severities: ['info', 'info'],
      check: (observations) => {
        expect(
          observations
            .map((o) => o.indicators)
            .sort((a, b) => String(a!.direction).localeCompare(String(b!.direction))),
        ).toEqual([
          { implementation: 'libvpx', maxHeight: 480, direction: 'inbound' },
          { implementation: 'libvpx', maxHeight: 480, direction: 'outbound' },
        ]);
        expect(observations.map((o) => o.meaning).sort()).toEqual([
          'Video decoding ran in software (libvpx) up to 480p.',
          'Video encoding ran in software (libvpx) up to 480p.',
        ]);
      },
    },
    {
      name: '720p encoded in software is low',
      session: videoSession(softwareSent(720)),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ implementation: 'libvpx', maxHeight: 720, direction: 'outbound' });
        expect(o!.source).toMatchObject({ sid: 'OT01V1111', ssrcId: 1111 });
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.meaning).toBe('Video encoding ran in software (libvpx) up to 720p.');
      },
    },
    { name: '719p in software is info', session: videoSession(softwareSent(719)), severities: ['info'] },
    {
      name: 'software decoding without an implementation name or height',
      session: videoSession(
        receivedVideo({ powerEfficient: false, values: { frameHeight: flat(30, Number.NaN) } }),
      ),
      severities: ['info'],
      check: ([o]) => expect(o!.meaning).toBe('Video decoding ran in software.'),
    },
  ],
  quiet: [
    {
      name: 'hardware encoding and decoding',
      session: videoSession(
        sentVideo({ powerEfficient: true, encoderImplementation: 'ExternalEncoder' }),
        receivedVideo({ powerEfficient: true, decoderImplementation: 'ExternalDecoder' }),
      ),
    },
  ],
  notApplicable: [
    { name: 'video without powerEfficient flags', session: videoSession(sentVideo(), receivedVideo()) },
    {
      name: 'real Firefox call (no powerEfficient flags)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
