import { expect } from 'vitest';
import { burst, withStreams } from '../../../test/builders/media-network.js';
import { flat, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './remote-track-muted.js';

/** A session receiving video at `kbps` per sample, 20 frames a second. */
const receiving = (kbps: number[]) =>
  withStreams(
    stream({
      kind: 'video',
      n: kbps.length,
      values: {
        bitrateKbps: kbps,
        packetRate: flat(kbps.length, 40),
        framesPerSecond: flat(kbps.length, 20),
      },
    }),
  );

detectorCases(detector, {
  fires: [
    {
      name: 'real call whose other side disabled its audio, then its video (rtcstats)',
      session: fixtureSession('chromium156/mute/rtcstats_dump.callee.txt'),
      severities: ['low', 'low'],
      check: (list) => {
        expect(list.map((o) => o.kind).sort()).toEqual(['audio', 'video']);
        for (const o of list) expect(o).toMatchObject({ side: 'remote', direction: 'inbound' });
        for (const o of list) expect(o.cause?.family).toBe('remote');
      },
    },
    {
      name: 'built: 6 s of black frames (20 kbit/s at 20 fps)',
      session: receiving(burst(30, 6, 20, 500, 10)),
      severities: ['low'],
      check: ([o]) => expect(o!.meaning).toContain('their camera was off (black frames)'),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/chromium_rtcstats_dump.gz') },
    {
      name: 'real call capped at 100 kbit/s: 8-10 kbit per frame is picture, not black',
      session: fixtureSession('chromium156/max-bitrate/webrtc_internals_dump.callee.txt'),
    },
    { name: 'built: 3 s of black frames', session: receiving(burst(30, 3, 20, 500, 10)) },
  ],
  notApplicable: [{ name: 'send-only (built)', session: withStreams(stream({ direction: 'outbound' })) }],
});
