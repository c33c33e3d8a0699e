import { expect } from 'vitest';
import { iceServers, oneConnection } from '../../../test/builders/pairs.js';
import { session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './ice-transport-policy-relay.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real TURN-only call is info',
      session: fixtureSession('chromium156/relay/webrtc_internals_dump.txt'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: '8-1' });
        expect(o!.indicators).toEqual({ iceTransportPolicy: 'relay' });
        expect(o!.meaning).toBe('Connection 8-1 was configured to use TURN relays only.');
      },
    },
    {
      name: 'the callee of the same call, from its rtcstats trace',
      session: fixtureSession('chromium156/relay/rtcstats_dump.callee.txt'),
      severities: ['info'],
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'policy "all" with a TURN server',
      session: oneConnection({
        configuration: { ...iceServers('turn:turn.example.org'), iceTransportPolicy: 'all' },
      }),
    },
  ],
  notApplicable: [
    {
      name: 'real getUserMedia-only dump (no connection)',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
    },
    { name: 'no configuration recorded', session: oneConnection({ configuration: undefined }) },
    { name: 'no connection (built)', session: session({ connections: [] }) },
  ],
});
