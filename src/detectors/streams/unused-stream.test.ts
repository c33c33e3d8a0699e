import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { connection, lifecycle, session, stream } from '../../../test/builders/session.js';
import { recordedTopology } from '../../../test/builders/topology.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './unused-stream.js';

/** A stream that existed for `n` one-second samples without carrying a packet. */
const unused = (direction: 'inbound' | 'outbound', kind: 'audio' | 'video' = 'video', n = 30) =>
  stream({ kind, direction, n, ssrc: direction === 'inbound' ? 77 : 88, totals: { packets: 0, bytes: 0 } });

detectorCases(detector, {
  fires: [
    {
      name: 'the same recorded call negotiated sendrecv, its receivers idle',
      session: recordedTopology({ direction: 'sendrecv', silence: 'inbound' }),
      severities: ['low', 'low'],
    },
    {
      name: 'real Jitsi SFU call: two receivers and two simulcast slots never used',
      session: fixtureSession('jitsi/google-standard-stats-sfu'),
      severities: ['low', 'low', 'info', 'info'],
      check: (observations) => {
        const ssrcs = observations.map((o) => `${o.indicators.direction} ${o.source.ssrcId}`).sort();
        expect(ssrcs).toEqual([
          'inbound 1052990334',
          'inbound 1109381341',
          'outbound 3430496599',
          'outbound 3966145568',
        ]);
      },
    },
    {
      name: 'an incoming video stream without a packet in 29 s is low',
      session: withStreams(stream(), unused('inbound')),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01V1234', ssrcId: 77 });
        expect(o!.durationInMs).toBe(29_000);
        expect(o!.indicators).toEqual({ kind: 'video', direction: 'inbound', lifetimeMs: 29_000 });
        expect(o!.meaning).toBe('The inbound video stream 77 carried no packets in 29 s.');
      },
    },
    {
      name: 'an unused sending slot is info',
      session: withStreams(stream(), unused('outbound', 'audio')),
      severities: ['info'],
      check: ([o]) => expect(o!.meaning).toBe('The outbound audio stream 88 carried no packets in 29 s.'),
    },
    {
      name: 'exactly 10 s unused, the threshold',
      session: withStreams(unused('inbound', 'audio', 11)),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInMs).toBe(10_000),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'a recorded call negotiated send-only: its idle receivers were never meant to receive',
      session: recordedTopology({ direction: 'sendonly', silence: 'inbound' }),
    },
    {
      name: 'a recorded call negotiated receive-only: its idle senders were never meant to send',
      session: recordedTopology({ direction: 'recvonly', silence: 'outbound' }),
    },
    { name: 'unused for 9 s only', session: withStreams(stream(), unused('inbound', 'video', 10)) },
    {
      name: 'a deactivated simulcast layer',
      session: withStreams(stream(), { ...unused('outbound'), inactive: true }),
    },
    {
      name: 'a connection that never connected is not judged',
      session: session({
        connections: [
          connection(),
          connection({
            id: 'pc2',
            lifecycle: lifecycle({ everConnected: false }),
            streams: [unused('inbound')],
          }),
        ],
      }),
    },
  ],
  notApplicable: [
    {
      name: 'never connected',
      session: session({
        connections: [
          connection({ lifecycle: lifecycle({ everConnected: false }), streams: [unused('inbound')] }),
        ],
      }),
    },
    { name: 'connected without RTP streams', session: withStreams() },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
