import { expect } from 'vitest';
import { T0 } from '../../../test/builders/session.js';
import { receivedVideo, sentVideo, videoSession } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './null-video-decoder.js';

/** Received H.264 video that Chrome could not create a decoder for. */
const undecoded = () =>
  receivedVideo({
    decoderImplementation: 'NullVideoDecoder',
    codec: { mimeType: 'video/H264', payloadType: 102, clockRate: 90_000 },
  });

detectorCases(detector, {
  fires: [
    {
      name: 'received video on the NullVideoDecoder is high',
      session: videoSession(undecoded()),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01V2222', ssrcId: 2222 });
        expect(o!.firstSeenAt).toBe(T0);
        expect(o!.indicators).toEqual({ decoderImplementation: 'NullVideoDecoder', codec: 'video/H264' });
        expect(o!.meaning).toBe('Received video 2222 (video/H264) had no working decoder.');
      },
    },
    {
      name: 'only the undecoded one of two received videos',
      session: videoSession(
        receivedVideo({ id: 'IT01V7', ssrc: 7, decoderImplementation: 'libvpx' }),
        undecoded(),
      ),
      severities: ['high'],
      check: ([o]) => expect(o!.source.ssrcId).toBe(2222),
    },
  ],
  quiet: [
    {
      name: 'real clean call (libvpx)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'hardware decoder',
      session: videoSession(receivedVideo({ decoderImplementation: 'ExternalDecoder (VDAVideoDecoder)' })),
    },
  ],
  notApplicable: [
    { name: 'sending video only', session: videoSession(sentVideo({ encoderImplementation: 'libvpx' })) },
    { name: 'received video without decoderImplementation', session: videoSession(receivedVideo()) },
    {
      name: 'real Firefox call (no decoderImplementation)',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
    },
    {
      name: 'real audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
