import { expect } from 'vitest';
import { clientSession, GUM, GUM_FAILURE, GUM_SUCCESS, track } from '../../../test/builders/devices.js';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './get-user-media-not-allowed.js';

const GDM_FAILURE = 'navigator.mediaDevices.getDisplayMediaOnFailure';

/** A session whose only media request failed with `errorName`. */
const failedWith = (errorName: string) =>
  session({ mediaRequests: [mediaRequest({ outcome: 'failure', errorName, tracks: [] })] });

detectorCases(detector, {
  fires: [
    {
      name: 'microphone and camera denied, never obtained',
      session: clientSession([
        { method: GUM, value: { audio: true, video: true }, id: '60-0', afterMs: 100 },
        { method: GUM_FAILURE, value: 'NotAllowedError: Permission denied', id: '60-0', afterMs: 4000 },
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.indicators).toMatchObject({ recovered: false, missing: 'audio, video' });
        expect(o!.meaning).toBe(
          'getUserMedia failed with NotAllowedError (Permission denied); no later request obtained the microphone or the camera.',
        );
      },
    },
    {
      name: 'denied, then allowed on a second prompt is low',
      session: clientSession([
        { method: GUM, value: { audio: true, video: false }, id: '60-0', afterMs: 100 },
        { method: GUM_FAILURE, value: 'NotAllowedError: Permission dismissed', id: '60-0', afterMs: 3000 },
        { method: GUM, value: { audio: true, video: false }, id: '60-1', afterMs: 5000 },
        { method: GUM_SUCCESS, value: [track('audio', 'a1', 'Default')], id: '60-1', afterMs: 2500 },
      ]),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ recovered: true, failures: 1 }),
    },
    {
      name: 'screen picker cancelled: judged on the screen alone',
      session: clientSession([
        {
          method: 'navigator.mediaDevices.getDisplayMedia',
          value: { video: true, audio: true },
          id: '63-0',
          afterMs: 100,
        },
        {
          method: GDM_FAILURE,
          value: 'NotAllowedError: Permission denied by user',
          id: '63-0',
          afterMs: 6000,
        },
      ]),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ api: 'getDisplayMedia', missing: 'video', declined: true });
        expect(o!.meaning).toContain('no later request obtained the screen: the user declined.');
      },
    },
    {
      name: 'screen capture denied by an OS privacy setting is high',
      session: clientSession([
        {
          method: 'navigator.mediaDevices.getDisplayMedia',
          value: { video: true },
          id: '63-0',
          afterMs: 100,
        },
        {
          method: GDM_FAILURE,
          value: 'NotAllowedError: Permission denied by system',
          id: '63-0',
          afterMs: 300,
        },
      ]),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ declined: false, missing: 'video' }),
    },
    {
      name: "Chrome's legacy name PermissionDeniedError",
      session: failedWith('PermissionDeniedError'),
      severities: ['high'],
      check: ([o]) =>
        expect(o!.indicators).toMatchObject({ errorName: 'PermissionDeniedError', missing: 'audio' }),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'a failure with another error name', session: failedWith('NotReadableError') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call (no media request)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'no media request (built)', session: session({ mediaRequests: [] }) },
  ],
});
