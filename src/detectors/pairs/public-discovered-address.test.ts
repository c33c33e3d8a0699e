import { expect } from 'vitest';
import { gathered, oneConnection } from '../../../test/builders/pairs.js';
import { ice, signaling, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './public-discovered-address.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real legacy Chrome call that learned its public address is info',
      session: fixtureSession('jitsi/google-legacy-screenshare-msessions'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ address: '188.24.116.218' });
        expect(o!.meaning).toBe(
          'Connection PC_0 discovered its public address (188.24.116.218) through STUN.',
        );
      },
    },
    {
      name: 'real jitsi call with anonymised addresses: the address is not shown',
      session: fixtureSession('jitsi/google-standard-stats-relay-p2p'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'PC_0' });
        expect(o!.meaning).toBe('Connection PC_0 discovered its public address through STUN.');
      },
    },
    {
      name: 'srflx known from the stats only',
      session: oneConnection({ ice: ice({ localCandidates: [{ type: 'srflx', address: '203.0.113.7' }] }) }),
      severities: ['info'],
      check: ([o]) => expect(o!.indicators).toEqual({ address: '203.0.113.7' }),
    },
  ],
  quiet: [
    {
      name: 'real clean call (host candidates only)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real legacy call whose srflx address is private (STUN inside the network)',
      session: fixtureSession('fippo/clienttest.json'),
    },
    {
      name: 'srflx in the carrier-grade NAT range reveals no public address',
      session: oneConnection({
        signaling: signaling({ localCandidates: [gathered('srflx', T0 + 100, { address: '100.72.3.4' })] }),
      }),
    },
  ],
  notApplicable: [
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
    { name: 'no candidate known (built)', session: oneConnection() },
  ],
});
