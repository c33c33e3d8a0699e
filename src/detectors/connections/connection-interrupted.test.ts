import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { ONSET_TOLERANCE_MS, truthTime } from '../../../test/support/truth.js';
import detector from './connection-interrupted.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real call, all traffic dropped from 20 s to 28 s: one interruption, start and end',
      session: fixtureSession('chromium156/outage/webrtc_internals_dump.callee.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.episodes).toHaveLength(1);
        const [e] = o!.episodes!;
        expect(Math.abs(e!.start - truthTime('outage', 0))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
        expect(Math.abs(e!.end - truthTime('outage', 1))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
        expect(o!.meaning).toMatch(/^The connection was interrupted at 0:2\d: nothing arrived for /);
      },
    },
    {
      name: 'the same outage from the rtcstats client',
      session: fixtureSession('chromium156/outage/rtcstats_dump.caller.txt'),
      severities: ['high'],
    },
    {
      name: 'real jitsi call whose connection state went disconnected twice',
      session: fixtureSession('jitsi/chrome-standard-pc-reconnect'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source.pid).toBe('PC_0');
        expect(o!.valueInCount).toBe(2);
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'an ICE restart that kept media flowing',
      session: fixtureSession('chromium156/ice-restart/webrtc_internals_dump.txt'),
    },
    {
      name: 'the remote side stopped its camera (audio kept arriving)',
      session: fixtureSession('chromium156/track-stopped/webrtc_internals_dump.callee.txt'),
    },
    {
      // PC_3, the bridge connection, received nothing for 170 s while PC_0 carried the call
      // peer to peer; its ICE stayed connected all along (was "interrupted at 0:13 for 170 s").
      name: 'real jitsi call: the bridge connection idle while the P2P one carried the media',
      session: fixtureSession('jitsi/chrome-standard-multiple-p2p'),
    },
    {
      // Nothing arrived on PC_0 for a minute with ICE connected; its one disconnection lasted 0.5 s.
      name: 'real jitsi call whose remote sent nothing for a minute over a healthy path',
      session: fixtureSession('jitsi/google-standard-stats-remote-relay-p2p'),
    },
  ],
  notApplicable: [
    {
      name: 'a call that never connected',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
  ],
});
