import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { ONSET_TOLERANCE_MS, truthTime } from '../../../test/support/truth.js';
import detector from './network-congestion-out.js';

detectorCases(detector, {
  fires: [
    {
      name: "real call, the callee's uplink capped at 300 kbit/s from 10 s: its estimate fell, dated at the cap",
      session: fixtureSession('chromium156/bandwidth-drop-down/webrtc_internals_dump.callee.txt'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.direction).toBe('outbound');
        expect(o!.kind).toBe('video');
        expect(Math.abs(o!.firstSeenAt! - truthTime('bandwidth-drop-down'))).toBeLessThanOrEqual(
          ONSET_TOLERANCE_MS,
        );
        expect(o!.indicators.lowestKbps).toBeLessThan(300);
      },
    },
    {
      name: 'real call on a 250 kbit/s link from the start: the estimate stays low, from the start',
      session: fixtureSession('chromium156/bandwidth/webrtc_internals_dump.txt'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators.peakKbps).toBeLessThan(400);
        expect(o!.durationInPercent).toBeGreaterThan(80);
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      // The estimate fell from 3.4 Mbit/s when 200 ms were added each way: a longer path, not a queue.
      name: 'a round trip that stepped up to a steady 400 ms',
      session: fixtureSession('chromium156/latency-late/webrtc_internals_dump.txt'),
    },
    {
      name: 'the ramp of the estimate after video is added by a renegotiation',
      session: fixtureSession('chromium156/renegotiation/webrtc_internals_dump.txt'),
    },
  ],
  notApplicable: [
    {
      name: 'an audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
