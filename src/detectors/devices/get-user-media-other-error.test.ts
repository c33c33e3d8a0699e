import { expect } from 'vitest';
import { clientSession, GUM, GUM_FAILURE, GUM_SUCCESS, track } from '../../../test/builders/devices.js';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './get-user-media-other-error.js';

/** A session whose only media request failed with `errorName` (none: no name recorded). */
const failedWith = (errorName?: string) =>
  session({
    mediaRequests: [mediaRequest({ outcome: 'failure', ...(errorName ? { errorName } : {}), tracks: [] })],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'AbortError: the camera failed while starting',
      session: clientSession([
        { method: GUM, value: { audio: false, video: true }, id: '60-0', afterMs: 100 },
        {
          method: GUM_FAILURE,
          value: 'AbortError: Timeout starting video source',
          id: '60-0',
          afterMs: 10_000,
        },
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.property).toBe('AbortError');
        expect(o!.indicators).toMatchObject({ message: 'Timeout starting video source', missing: 'video' });
        expect(o!.meaning).toContain('no later request obtained the camera.');
      },
    },
    {
      name: 'TypeError fixed by the next request is low',
      session: clientSession([
        { method: GUM, value: {}, id: '60-0', afterMs: 100 },
        {
          method: GUM_FAILURE,
          value: 'TypeError: At least one of audio and video must be requested',
          id: '60-0',
          afterMs: 5,
        },
        { method: GUM, value: { audio: true }, id: '60-1', afterMs: 10 },
        { method: GUM_SUCCESS, value: [track('audio', 'a1', 'Default')], id: '60-1', afterMs: 100 },
      ]),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ errorName: 'TypeError', recovered: true }),
    },
    {
      name: 'a failure without an error name',
      session: failedWith(),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ errorName: null, missing: 'audio' });
        expect(o!.meaning).toBe(
          'getUserMedia failed with an error; no later request obtained the microphone.',
        );
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real NotReadableError (a known name)',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
    },
    { name: 'a NotAllowedError failure (a known name)', session: failedWith('NotAllowedError') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call (no media request)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'no media request (built)', session: session({ mediaRequests: [] }) },
  ],
});
