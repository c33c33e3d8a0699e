import { expect } from 'vitest';
import { oneConnection, selecting } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './use-vpn.js';

detectorCases(detector, {
  fires: [
    {
      name: 'selected candidate on a VPN adapter is low',
      session: oneConnection({
        ice: selecting({ type: 'host', protocol: 'udp', networkAdapterType: 'vpn', vpn: true }),
      }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1', cpid: 'CP1' });
        expect(o!.indicators).toEqual({ networkAdapterType: 'vpn', localType: 'host' });
      },
    },
    {
      name: 'vpn flag on a Wi-Fi adapter (VPN over Wi-Fi)',
      session: oneConnection({ ice: selecting({ type: 'srflx', networkAdapterType: 'wifi', vpn: true }) }),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toEqual({ networkAdapterType: 'wifi', localType: 'srflx' }),
    },
    {
      name: 'older Chrome: networkType vpn',
      session: oneConnection({ ice: selecting({ type: 'prflx', networkType: 'vpn' }) }),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toEqual({ networkAdapterType: null, localType: 'prflx' }),
    },
  ],
  quiet: [
    {
      name: 'real clean call (ethernet, vpn false)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call with VPN interfaces that selected the Wi-Fi path',
      session: fixtureSession('jitsi/chrome-relay'),
    },
  ],
  notApplicable: [
    {
      name: 'real Firefox call (no network type on candidates)',
      session: fixtureSession('jitsi/firefox-relay'),
    },
    {
      name: 'real call whose ICE failed',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    { name: 'built candidate without network information', session: oneConnection() },
  ],
});
