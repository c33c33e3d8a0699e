import { expect } from 'vitest';
import { oneConnection, selecting } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './relay-over-udp.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real TURN-only call through coturn over UDP is info',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: '8-1', cpid: 'CPxZ5qllHa_UZCDQaZa' });
        expect(o!.url).toBe('turn:198.51.100.1:3478?transport=udp');
        expect(o!.indicators).toEqual({
          relayProtocol: 'udp',
          relayAddress: '198.51.100.1',
          remoteType: 'relay',
        });
      },
    },
    {
      name: 'real jitsi P2P call relayed by the local side over UDP',
      session: fixtureSession('jitsi/google-standard-stats-remote-relay-p2p'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source?.pid).toBe('PC_1');
        expect(o!.indicators).toMatchObject({ relayProtocol: 'udp', remoteType: 'srflx' });
      },
    },
    {
      name: 'a relay candidate whose transport is unknown counts as UDP',
      session: oneConnection({ ice: selecting({ type: 'relay', protocol: 'udp', address: '203.0.113.9' }) }),
      severities: ['info'],
      check: ([o]) => expect(o!.meaning).toBe('Connection pc1 relayed its media through TURN over UDP.'),
    },
  ],
  quiet: [
    {
      name: 'real clean call (host to host)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'real relay over TLS', session: fixtureSession('jitsi/chrome-relay') },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
  ],
});
