import { expect } from 'vitest';
import { internalsGumSession } from '../../../test/builders/devices.js';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './get-user-media-not-found.js';

const AT = Date.UTC(2025, 4, 12, 9, 30);

/** A session whose only media request failed with `errorName`. */
const failedWith = (errorName: string) =>
  session({ mediaRequests: [mediaRequest({ outcome: 'failure', errorName, tracks: [] })] });

detectorCases(detector, {
  fires: [
    {
      name: 'webrtc-internals: no camera connected',
      session: internalsGumSession([
        {
          at: AT,
          video: '{"width":{"ideal":1280}}',
          result: { afterMs: 40, error: 'NotFoundError', message: 'Requested device not found' },
        },
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source.timestamp).toBe(AT);
        expect(o!.firstSeenAt).toBe(AT + 40);
        expect(o!.indicators).toMatchObject({ recovered: false, missing: 'video', failures: 1 });
        expect(o!.meaning).toBe(
          'getUserMedia failed with NotFoundError (Requested device not found); no later request obtained the camera.',
        );
      },
    },
    {
      name: 'webrtc-internals: saved microphone gone, the default one obtained on retry is low',
      session: internalsGumSession([
        {
          at: AT,
          audio: '{"deviceId":{"exact":"4f1c9a"}}',
          result: { afterMs: 30, error: 'NotFoundError', message: 'Requested device not found' },
        },
        { at: AT + 100, audio: '', result: { afterMs: 60, audio: { id: 'a1', label: 'Default' } } },
      ]),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ recovered: true, missing: null }),
    },
    {
      name: "Chrome's legacy name DevicesNotFoundError",
      session: failedWith('DevicesNotFoundError'),
      severities: ['high'],
      check: ([o]) => expect(o!.property).toBe('DevicesNotFoundError'),
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
