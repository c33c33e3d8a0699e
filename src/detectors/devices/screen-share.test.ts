import { expect } from 'vitest';
import { connection, mediaRequest, session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './screen-share.js';

/** A call sending (or receiving) one video stream of this content type, without getDisplayMedia records. */
const video = (direction: 'inbound' | 'outbound', contentType?: string) =>
  session({
    mediaRequests: [],
    connections: [
      connection({
        streams: [stream({ kind: 'video', direction, ...(contentType ? { contentType } : {}) })],
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'real jitsi p2p call sharing the screen',
      session: fixtureSession('jitsi/google-legacy-screenshare-p2p'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.firstSeenAt).toBe(1608031828690);
        expect(o!.indicators).toMatchObject({ getDisplayMedia: true, outcome: 'success', requests: 1 });
        expect(o!.meaning).toBe('The client requested screen capture (granted).');
      },
    },
    {
      name: 'real jitsi call sharing three screens in turn',
      session: fixtureSession('jitsi/google-legacy-screenshare-msessions'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(3);
        expect(o!.indicators).toMatchObject({ requests: 3, sentScreenContent: true });
        expect(o!.meaning).toBe('The client requested screen capture 3 times (granted).');
      },
    },
    {
      name: 'a cancelled screen picker',
      session: session({
        mediaRequests: [
          mediaRequest({
            api: 'getDisplayMedia',
            video: true,
            outcome: 'failure',
            errorName: 'NotAllowedError',
            tracks: [],
          }),
        ],
      }),
      severities: ['info'],
      check: ([o]) =>
        expect(o!.meaning).toBe('The client requested screen capture (failed with NotAllowedError).'),
    },
    {
      name: 'screen content sent, no media records',
      session: video('outbound', 'screenshare'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ getDisplayMedia: false, sentScreenContent: true });
        expect(o!.meaning).toBe('The client sent screen content.');
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'received screen content (the remote side shared)',
      session: session({
        connections: [
          connection({
            streams: [stream({ kind: 'video', direction: 'inbound', contentType: 'screenshare' })],
          }),
        ],
      }),
    },
    { name: 'camera video sent', session: video('outbound') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'only received video, no media records', session: video('inbound') },
  ],
});
