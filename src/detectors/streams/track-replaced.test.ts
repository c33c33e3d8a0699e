import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './track-replaced.js';

/** A session sending video whose sender carried these tracks. */
const sending = (sources: { at: number; trackId: string | null }[]) =>
  withStreams(stream({ kind: 'video', direction: 'outbound', trackId: 'cam', sources }));

detectorCases(detector, {
  fires: [
    {
      name: 'real call whose caller called replaceTrack(null) at 15 s (rtcstats)',
      session: fixtureSession('chromium156/replace-null/rtcstats_dump.caller.txt'),
      severities: ['low'],
      check: ([o]) => {
        expect(o).toMatchObject({ side: 'local', direction: 'outbound', kind: 'video' });
        expect(o!.indicators.action).toBe('replaceTrack(null)');
        expect(o!.meaning).toContain('(replaceTrack(null)): no video was sent');
      },
    },
    {
      name: 'the same in webrtc-internals',
      session: fixtureSession('chromium156/replace-null/webrtc_internals_dump.txt'),
      severities: ['low'],
    },
    {
      name: 'built: a camera switched to another while video went on is info',
      session: sending([
        { at: T0, trackId: 'cam' },
        { at: T0 + 12_000, trackId: 'other-cam' },
      ]),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 12_000);
        expect(o!.indicators.newTrackId).toBe('other-cam');
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call whose track was stopped, not replaced',
      session: fixtureSession('chromium156/track-stopped/webrtc_internals_dump.txt'),
    },
    {
      name: 'real call whose track was removed by a renegotiation (trackRemoved)',
      session: fixtureSession('chromium156/remove-video/rtcstats_dump.caller.txt'),
    },
    { name: 'built: the same track throughout', session: sending([{ at: T0, trackId: 'cam' }]) },
  ],
  notApplicable: [
    {
      name: 'stats that link no media source (built)',
      session: withStreams(stream({ direction: 'outbound' })),
    },
  ],
});
