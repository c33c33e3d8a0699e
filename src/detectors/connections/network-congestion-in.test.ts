import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './network-congestion-in.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real Safari relay call: received video fell from 841 to 98 kbit/s while its jitter rose',
      session: fixtureSession('jitsi/safari-relay'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.direction).toBe('inbound');
        expect(o!.indicators.peakKbps).toBeGreaterThan(800);
        expect(o!.indicators.lowestKbps).toBeLessThan(150);
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.callee.txt'),
    },
    {
      // The sender's app capped its video at 100 kbit/s: the rate fell, nothing arrived later.
      name: "the sender's own bitrate cap",
      session: fixtureSession('chromium156/max-bitrate/webrtc_internals_dump.callee.txt'),
    },
    {
      // The sender disabled its camera: black frames at a few kbit/s, same size and rate.
      name: 'a remote video mute',
      session: fixtureSession('chromium156/mute/webrtc_internals_dump.callee.txt'),
    },
  ],
  notApplicable: [
    {
      name: 'an audio-only call',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
