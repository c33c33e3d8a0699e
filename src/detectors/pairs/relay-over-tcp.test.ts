import { expect } from 'vitest';
import { oneConnection, selecting } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './relay-over-tcp.js';

const TURN_TCP = 'turn:turn.example.org:3478?transport=tcp';

detectorCases(detector, {
  fires: [
    {
      name: 'relay allocated over TCP is medium',
      session: oneConnection({
        ice: selecting(
          { type: 'relay', protocol: 'udp', relayProtocol: 'tcp', address: '203.0.113.9', url: TURN_TCP },
          { type: 'srflx', protocol: 'udp', address: '198.51.100.77' },
        ),
      }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1', cpid: 'CP1' });
        expect(o!.url).toBe(TURN_TCP);
        expect(o!.indicators).toEqual({
          relayProtocol: 'tcp',
          relayAddress: '203.0.113.9',
          remoteType: 'srflx',
        });
        expect(o!.meaning).toBe(`Connection pc1 relayed its media through TURN over TCP (${TURN_TCP}).`);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'real relay over TLS (turns:, transport=tcp)', session: fixtureSession('jitsi/chrome-relay') },
    { name: 'real relay over UDP', session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt') },
    {
      name: 'a direct TCP path is directTcp',
      session: oneConnection({ ice: selecting({ type: 'host', protocol: 'tcp' }) }),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
  ],
});
