import { expect } from 'vitest';
import type { SessionView } from '../../src/computed/session-view.js';
import { type FiringCase, fixtureSession, type QuietCase } from './detector-cases.js';

/**
 * The cases the four network loss detectors (audio/video, in/out) share: loss spread over the
 * whole call is medium at 4 %, low at 2.5 % and quiet at 1.9 %, just under the low threshold;
 * a real clean call is quiet. `lossy(loss)` builds a session with one stream of the detector's
 * kind and direction losing `loss` % of its packets.
 */
export function lossLadder(lossy: (loss: number) => SessionView): {
  fires: FiringCase[];
  quiet: QuietCase[];
} {
  return {
    fires: [
      {
        name: '4 % loss all call long is medium',
        session: lossy(4),
        severities: ['medium'],
        check: ([o]) => expect(o!.valueInPercent).toBe(4),
      },
      {
        name: '2.5 % loss all call long is low',
        session: lossy(2.5),
        severities: ['low'],
        check: ([o]) => expect(o!.valueInPercent).toBe(2.5),
      },
    ],
    quiet: [
      { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
      { name: '1.9 % loss, just under the low threshold', session: lossy(1.9) },
    ],
  };
}
