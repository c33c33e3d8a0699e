import { expect } from 'vitest';
import { clientSession, GUM, GUM_FAILURE, GUM_SUCCESS, track } from '../../../test/builders/devices.js';
import { mediaRequest, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './get-user-media-not-readable.js';

/** A session whose only media request failed with `errorName`. */
const failedWith = (errorName: string) =>
  session({
    mediaRequests: [mediaRequest({ outcome: 'failure', errorName, video: true, tracks: [] })],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'real jitsi call: camera busy, only the microphone obtained afterwards',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.property).toBe('NotReadableError');
        expect(o!.source.timestamp).toBe(1647265164429);
        expect(o!.firstSeenAt).toBe(1647265165074);
        expect(o!.indicators).toMatchObject({ recovered: false, missing: 'video', api: 'getUserMedia' });
        expect(o!.meaning).toBe(
          'getUserMedia failed with NotReadableError; no later request obtained the camera.',
        );
      },
    },
    {
      name: 'real jitsi call: two camera requests failed, the camera was never obtained',
      session: fixtureSession('jitsi/chrome-standard-pc-reconnect'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.indicators).toMatchObject({ failures: 2, recovered: false, missing: 'video' });
      },
    },
    {
      name: 'a retry obtained microphone and camera is low',
      session: clientSession([
        { method: GUM, value: { audio: true, video: true }, id: '60-0', afterMs: 100 },
        {
          method: GUM_FAILURE,
          value: 'NotReadableError: Could not start video source',
          id: '60-0',
          afterMs: 300,
        },
        { method: GUM, value: { audio: true, video: true }, id: '60-1', afterMs: 2000 },
        {
          method: GUM_SUCCESS,
          value: [track('audio', 'a1', 'Default'), track('video', 'v1', 'Integrated Camera')],
          id: '60-1',
          afterMs: 200,
        },
      ]),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.indicators).toMatchObject({
          recovered: true,
          missing: null,
          message: 'Could not start video source',
        });
        expect(o!.meaning).toBe(
          'getUserMedia failed with NotReadableError (Could not start video source); a later request succeeded.',
        );
      },
    },
    {
      name: "Chrome's legacy name TrackStartError",
      session: failedWith('TrackStartError'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.property).toBe('TrackStartError');
        expect(o!.indicators).toMatchObject({ missing: 'audio, video' });
        expect(o!.source.timestamp).toBe(T0 - 2000);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'a failure with another error name', session: failedWith('NotAllowedError') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call (no media request)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'no media request (built)', session: session({ mediaRequests: [] }) },
  ],
});
