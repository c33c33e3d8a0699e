import { expect } from 'vitest';
import { iceServers, oneConnection } from '../../../test/builders/pairs.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './private-turn-address.js';

const configured = (...urls: string[]) => oneConnection({ configuration: iceServers(...urls) });

detectorCases(detector, {
  fires: [
    {
      name: 'two TURN URLs on RFC 1918 addresses is medium',
      session: configured(
        'stun:stun.example.org',
        'turn:192.168.1.5:3478?transport=udp',
        'turns:10.0.0.1:443',
      ),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.url).toBe('turn:192.168.1.5:3478?transport=udp');
        expect(o!.indicators).toEqual({ servers: 'turn:192.168.1.5:3478?transport=udp turns:10.0.0.1:443' });
        expect(o!.meaning).toBe(
          'Connection pc1 was given a TURN server with a private address: turn:192.168.1.5:3478?transport=udp.',
        );
      },
    },
    {
      name: 'carrier-grade NAT range (100.64/10)',
      session: configured('turn:100.100.1.1:3478'),
      severities: ['medium'],
      check: ([o]) => expect(o!.valueInCount).toBe(1),
    },
    {
      name: 'IPv6 unique local address in brackets',
      session: configured('turn:[fd12:3456::1]:3478'),
      severities: ['medium'],
      check: ([o]) => expect(o!.url).toBe('turn:[fd12:3456::1]:3478'),
    },
  ],
  quiet: [
    {
      name: 'real relay call (TURN at 198.51.100.1)',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
    },
    {
      name: 'TURN by public hostname',
      session: configured('turn:turn.example.org:3478', 'turns:turn.example.org:443'),
    },
    { name: '172.32.0.1 is outside 172.16/12', session: configured('turn:172.32.0.1:3478') },
  ],
  notApplicable: [
    {
      name: 'real clean call without ICE servers',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'only a private STUN server', session: configured('stun:10.0.0.1:3478') },
  ],
});
