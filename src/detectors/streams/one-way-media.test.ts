import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { connection, lifecycle, session, stream, T0 } from '../../../test/builders/session.js';
import { recordedTopology } from '../../../test/builders/topology.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './one-way-media.js';

/** An incoming stream of `kind` that existed for `n` one-second samples without a packet. */
const silentIn = (kind: 'audio' | 'video', n = 30) =>
  stream({ kind, n, id: `IT-${kind}`, totals: { packets: 0, bytes: 0 } });

/** This client's outgoing audio, carrying packets. */
const sentAudio = () => stream({ direction: 'outbound' });

detectorCases(detector, {
  fires: [
    {
      name: 'the same recorded call negotiated sendrecv, receiving nothing',
      session: recordedTopology({ direction: 'sendrecv', silence: 'inbound' }),
      severities: ['high'],
      check: ([o]) => expect(o!.indicators).toEqual({ incomingStreams: 2, outgoingStreamsWithMedia: 2 }),
    },
    {
      name: 'sending audio, nothing arrives on the two incoming streams for 29 s',
      session: withStreams(sentAudio(), silentIn('audio'), silentIn('video')),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1' });
        expect(o!.firstSeenAt).toBe(T0 + 300);
        expect(o!.durationInMs).toBe(29_000);
        expect(o!.indicators).toEqual({ incomingStreams: 2, outgoingStreamsWithMedia: 1 });
        expect(o!.meaning).toBe(
          'Connection pc1 sent media on 1 stream(s) but received nothing on its 2 incoming stream(s).',
        );
      },
    },
    {
      name: 'exactly 10 s without incoming media, the threshold',
      session: withStreams(sentAudio(), silentIn('audio', 11)),
      severities: ['high'],
      check: ([o]) => expect(o!.durationInMs).toBe(10_000),
    },
    {
      name: 'only the one-way connection of two is reported',
      session: session({
        connections: [connection(), connection({ id: 'pc2', streams: [sentAudio(), silentIn('audio')] })],
      }),
      severities: ['high'],
      check: ([o]) => expect(o!.source.pid).toBe('pc2'),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'a recorded call negotiated send-only (an SFU publishing connection) that received nothing',
      session: recordedTopology({ direction: 'sendonly', silence: 'inbound' }),
    },
    { name: 'nothing arrived, but only for 9 s', session: withStreams(sentAudio(), silentIn('audio', 10)) },
    {
      name: 'one incoming stream unused while another carries media',
      session: withStreams(sentAudio(), silentIn('video'), stream()),
    },
    {
      name: 'nothing sent either',
      session: withStreams(stream({ direction: 'outbound', totals: { packets: 0 } }), silentIn('audio')),
    },
  ],
  notApplicable: [
    {
      name: 'never connected',
      session: session({
        connections: [
          connection({
            lifecycle: lifecycle({ everConnected: false, connectedAt: undefined }),
            streams: [sentAudio(), silentIn('audio')],
          }),
        ],
      }),
    },
    { name: 'no incoming stream negotiated (send-only)', session: withStreams(sentAudio()) },
    { name: 'real ICE failure', session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt') },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
