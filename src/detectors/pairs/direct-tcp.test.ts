import { expect } from 'vitest';
import { oneConnection, selecting } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './direct-tcp.js';

const SERVER = { type: 'host', protocol: 'tcp', address: '203.0.113.50', port: 443 };

detectorCases(detector, {
  fires: [
    {
      name: 'ICE-TCP from a host candidate to a media server is low',
      session: oneConnection({
        ice: selecting({ type: 'host', protocol: 'tcp', address: '192.0.2.10', port: 9 }, SERVER),
      }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1', cpid: 'CP1' });
        expect(o!.indicators).toEqual({ localType: 'host', remoteAddress: '203.0.113.50' });
      },
    },
    {
      name: 'a peer-reflexive TCP candidate is direct too',
      session: oneConnection({ ice: selecting({ type: 'prflx', protocol: 'tcp' }, SERVER) }),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators?.localType).toBe('prflx'),
    },
  ],
  quiet: [
    {
      name: 'real clean call (host UDP)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'a relay reached over TCP is relayOverTcp, not direct',
      session: oneConnection({ ice: selecting({ type: 'relay', protocol: 'tcp', relayProtocol: 'tcp' }) }),
    },
    { name: 'real relay over TLS', session: fixtureSession('jitsi/chrome-relay') },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed (no selected pair)',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'no pair ever selected (built)',
      session: oneConnection({ ice: { ...selecting({ type: 'host' }), selected: [] } }),
    },
  ],
});
