import { expect } from 'vitest';
import { oneConnection, selecting } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './relay-over-tls.js';

const JITSI_TURNS = 'turns:meet-jit-si-turnrelay.jitsi.net:443?transport=tcp';

detectorCases(detector, {
  fires: [
    {
      name: 'real Chrome call relayed over turns: 443 is medium',
      session: fixtureSession('jitsi/chrome-relay'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'PC_0', cpid: 'CPfJfiL0UU_pjplYfUx' });
        expect(o!.url).toBe(JITSI_TURNS);
        expect(o!.indicators).toMatchObject({ relayProtocol: 'tls', remoteType: 'srflx' });
        expect(o!.meaning).toBe(`Connection PC_0 relayed its media through TURN over TLS (${JITSI_TURNS}).`);
      },
    },
    {
      name: 'real Firefox relay over TLS (relayProtocol, no URL)',
      session: fixtureSession('jitsi/firefox-relay'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.url).toBeUndefined();
        expect(o!.meaning).toBe('Connection PC_0 relayed its media through TURN over TLS.');
      },
    },
    {
      name: 'real P2P call that moved from srflx to a TLS relay: reported at the move',
      session: fixtureSession('jitsi/google-standard-stats-relay-p2p'),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'PC_0', cpid: 'CPtHNT0BaK_YKWYhlaY' });
        expect(o!.firstSeenAt).toBe(1_695_819_356_246);
      },
    },
    {
      name: 'built relay over TLS',
      session: oneConnection({ ice: selecting({ type: 'relay', protocol: 'udp', relayProtocol: 'tls' }) }),
      severities: ['medium'],
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    { name: 'real relay over UDP', session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt') },
    {
      name: 'relay over TCP is not TLS',
      session: oneConnection({ ice: selecting({ type: 'relay', protocol: 'udp', relayProtocol: 'tcp' }) }),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
  ],
});
