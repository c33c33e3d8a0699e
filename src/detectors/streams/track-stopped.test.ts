import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { connection, lifecycle, session, stream, T0 } from '../../../test/builders/session.js';
import { stepAt } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './track-stopped.js';

/** A session sending video whose packets stop at sample `from` (never, when past the end). */
const sending = (from: number, n = 30) =>
  withStreams(
    stream({
      kind: 'video',
      direction: 'outbound',
      n,
      trackId: 'cam',
      sources: [{ at: T0, trackId: 'cam' }],
      values: { packetRate: stepAt(n, from, 0, 60), bitrateKbps: stepAt(n, from, 0, 500) },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real call whose caller stopped its camera at 15 s (webrtc-internals)',
      session: fixtureSession('chromium156/track-stopped/webrtc_internals_dump.txt'),
      severities: ['low'],
      check: ([o]) => {
        expect(o).toMatchObject({ side: 'local', direction: 'outbound', kind: 'video' });
        expect(o!.cause?.family).toBe('application');
        expect(o!.trackId).toMatch(/^32b394d1/);
        expect(o!.meaning).toMatch(/^The app stopped its camera track at 0:1\d: no video was sent/);
      },
    },
    {
      name: 'real call whose callee stopped its microphone (rtcstats, the report stops updating)',
      session: fixtureSession('chromium156/track-stopped-callee-audio/rtcstats_dump.callee.txt'),
      severities: ['low'],
      check: ([o]) => expect(o).toMatchObject({ kind: 'audio', direction: 'outbound' }),
    },
    {
      name: 'built: packets stop at 20 s for the last 9 s, same track on the sender',
      session: sending(20),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 19_000);
        // To the connection's last stats sample (the builder's is 29.3 s).
        expect(o!.durationInMs).toBe(10_300);
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/rtcstats_dump.caller.txt') },
    {
      name: 'the receiving side of a stopped track (remoteMediaStopped, not this)',
      session: fixtureSession('chromium156/track-stopped/webrtc_internals_dump.callee.txt'),
    },
    {
      name: 'a track taken off with replaceTrack(null) (trackReplaced)',
      session: fixtureSession('chromium156/replace-null/chromium_rtcstats_dump.gz'),
    },
    {
      name: 'a track removed by a renegotiation (trackRemoved)',
      session: fixtureSession('chromium156/remove-video/webrtc_internals_dump.txt'),
    },
    { name: 'built: 3 s without packets at the end, a hang-up', session: sending(27) },
    { name: 'built: media to the end', session: sending(40) },
    {
      name: 'built: packets stop as the connection fails (the network, not the app)',
      session: () => {
        const base = sending(20).connections[0]!;
        const states = lifecycle().states;
        const down = {
          ...states,
          iceConnection: [...states.iceConnection, { state: 'failed', at: T0 + 20_500 }],
        };
        return session({
          connections: [connection({ streams: base.streams, lifecycle: lifecycle({ states: down }) })],
        });
      },
    },
  ],
  notApplicable: [
    { name: 'receive-only (built)', session: withStreams(stream()) },
    { name: 'no connection', session: session({ connections: [] }) },
  ],
});
