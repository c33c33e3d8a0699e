import { expect } from 'vitest';
import { internalsGumSession } from '../../../test/builders/devices.js';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './get-user-media-overconstrained.js';

const AT = Date.UTC(2025, 4, 12, 9, 30);

/** A session whose only media request failed with `errorName`. */
const failedWith = (errorName: string) =>
  session({ mediaRequests: [mediaRequest({ outcome: 'failure', errorName, tracks: [] })] });

/** An exact 4K request the camera cannot satisfy. */
const exact4k = {
  at: AT,
  video: '{"width":{"exact":3840}}',
  result: { afterMs: 20, error: 'OverconstrainedError', message: 'width' },
};

detectorCases(detector, {
  fires: [
    {
      name: 'webrtc-internals: exact resolution no camera offers',
      session: internalsGumSession([exact4k]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.indicators).toMatchObject({
          errorName: 'OverconstrainedError',
          message: 'width',
          missing: 'video',
        });
      },
    },
    {
      name: 'webrtc-internals: retried with ideal constraints is low',
      session: internalsGumSession([
        exact4k,
        {
          at: AT + 50,
          video: '{"width":{"ideal":3840}}',
          result: { afterMs: 300, video: { id: 'v1', label: 'HD Pro Webcam C920 (046d:082d)' } },
        },
      ]),
      severities: ['low'],
      check: ([o]) =>
        expect(o!.meaning).toBe(
          'getUserMedia failed with OverconstrainedError (width); a later request succeeded.',
        ),
    },
    {
      name: "Chrome's legacy name ConstraintNotSatisfiedError",
      session: failedWith('ConstraintNotSatisfiedError'),
      severities: ['high'],
      check: ([o]) => expect(o!.property).toBe('ConstraintNotSatisfiedError'),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'a failure with another error name', session: failedWith('NotFoundError') },
  ],
  notApplicable: [
    {
      name: 'real data-channel-only call (no media request)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    { name: 'no media request (built)', session: session({ mediaRequests: [] }) },
  ],
});
