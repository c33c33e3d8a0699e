import { expect } from 'vitest';
import { gathered, iceServers, oneConnection, turnSession } from '../../../test/builders/pairs.js';
import { signaling, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './turn-no-config.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real clean LAN call without any ICE server is low',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(0);
        expect(o!.indicators).toEqual({ iceServers: 0, stunServers: 0, connectionFailed: false });
        expect(o!.meaning).toBe(
          'Connection 8-1 had no TURN server (0 ICE server URL(s) configured, none TURN).',
        );
      },
    },
    {
      name: 'real call whose ICE failed without TURN is high',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ connectionFailed: true }),
    },
    {
      name: 'real jitsi network-test connections with STUN only that failed beside the call are low',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['low', 'low'],
      check: (os) => {
        expect(os.map((o) => o.source?.pid).sort()).toEqual(['PC_1', 'PC_2']);
        for (const o of os) expect(o.indicators).toMatchObject({ iceServers: 2, stunServers: 2 });
      },
    },
    {
      name: 'real jitsi network probes without media that failed beside the call are low',
      session: fixtureSession('jitsi/chrome-standard-multiple-p2p'),
      severities: ['low', 'low', 'low', 'low'],
      check: (os) => {
        expect(os.map((o) => o.source?.pid).sort()).toEqual(['PC_1', 'PC_2', 'PC_5', 'PC_6']);
        for (const o of os) expect(o.indicators).toMatchObject({ connectionFailed: true });
      },
    },
    {
      name: 'STUN only, connected, is low',
      session: turnSession(['stun:stun.example.org:3478'], []),
      severities: ['low'],
      check: ([o]) =>
        expect(o!.indicators).toEqual({ iceServers: 1, stunServers: 1, connectionFailed: false }),
    },
  ],
  quiet: [
    {
      name: 'real relay call (TURN configured)',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    {
      name: 'turns: URL only',
      session: oneConnection({ configuration: iceServers('turns:turn.example.org:443') }),
    },
    {
      name: 'no TURN URL recorded but a relay candidate was gathered',
      session: oneConnection({
        configuration: iceServers('stun:stun.example.org'),
        signaling: signaling({ localCandidates: [gathered('relay', T0 + 100)] }),
      }),
    },
  ],
  notApplicable: [
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
    { name: 'no configuration recorded', session: oneConnection({ configuration: undefined }) },
  ],
});
