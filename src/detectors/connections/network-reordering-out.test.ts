import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './network-reordering-out.js';

detectorCases(detector, {
  fires: [
    {
      // 40 ms ±35 ms each way with reordering: the relay reordered 62 % of the packets, dropped none.
      name: 'real call over a path that reorders: many NACKs, few packets lost, the whole call',
      session: fixtureSession('chromium156/jitter/webrtc_internals_dump.txt'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.direction).toBe('outbound');
        expect(o!.kind).toBe('video');
        expect(o!.valueInPercent).toBeGreaterThan(5);
        expect(o!.durationInMs).toBeGreaterThan(20_000);
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'NACKs that packets really lost explain (10 % loss)',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
    },
  ],
  notApplicable: [
    {
      name: 'an audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
