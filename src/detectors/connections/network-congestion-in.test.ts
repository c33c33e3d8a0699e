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
    {
      // The remote camera went off at 1:30 for 50 s (received video under 10 kbit/s, longMute):
      // that stop is not the path's doing and was read as "fell to 0 kbit/s for 47.4 s".
      name: 'real jitsi call: the stretches where the remote camera was off are left out',
      session: fixtureSession('jitsi/google-standard-stats-p2p'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.indicators.lowestKbps).toBeGreaterThanOrEqual(10);
        expect(o!.durationInMs).toBeLessThan(40_000);
      },
    },
    {
      // The bridge started and stopped forwarding streams: the sum of the received video fell as
      // a stream left, not as the path filled (was medium, 'fell from 594 to 242 for 31 s').
      name: 'real jitsi SFU call in Safari: streams that come and go are not a congested path',
      session: fixtureSession('jitsi/safari-standard-stats'),
      severities: ['low'],
    },
    {
      name: 'real jitsi SFU call in Firefox: the same',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
      severities: ['low'],
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
