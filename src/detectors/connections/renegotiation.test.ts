import { expect } from 'vitest';
import { session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../../test/support/fixtures.js';
import detector from './renegotiation.js';

detectorCases(detector, {
  fires: [
    ...CHROMIUM_FORMATS.caller.map((file) => ({
      name: `real call whose caller added video by renegotiating at 10 s (${file})`,
      session: fixtureSession(`chromium156/renegotiation/${file}`),
      severities: ['info'] as const,
      check: ([o]: {
        episodes?: { start: number; end: number }[];
        meaning: string;
        cause?: { family: string };
      }[]) => {
        expect(o!.cause?.family).toBe('application');
        expect(o!.meaning).toMatch(
          /^The app renegotiated the connection at 0:1\d; the video it added ramped up for/,
        );
        // The ramp of the new video's bandwidth estimate is part of it.
        const [e] = o!.episodes!;
        expect(e!.end - e!.start).toBeGreaterThan(10_000);
      },
    })),
    {
      name: 'the other side of the renegotiation',
      session: fixtureSession('chromium156/renegotiation/webrtc_internals_dump.callee.txt'),
      severities: ['info'],
      check: ([o]) => expect(o!.meaning).toMatch(/^The other side renegotiated/),
    },
  ],
  quiet: [
    // The second negotiation changed the ICE credentials: iceRestart reports it.
    ...[...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee].map((file) => ({
      name: `real ICE restart (${file})`,
      session: fixtureSession(`chromium156/ice-restart/${file}`),
    })),
  ],
  notApplicable: [
    { name: 'one negotiation (built)', session: session() },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
});
