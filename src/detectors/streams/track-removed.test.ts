import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../../test/support/fixtures.js';
import detector from './track-removed.js';

detectorCases(detector, {
  fires: CHROMIUM_FORMATS.caller.map((file) => ({
    name: `real call whose caller removed its video sender at 15 s (${file})`,
    session: fixtureSession(`chromium156/remove-video/${file}`),
    severities: ['low'] as const,
    check: ([o]: { side?: string; direction?: string; kind?: string; meaning: string }[]) => {
      expect(o).toMatchObject({ side: 'local', direction: 'outbound', kind: 'video' });
      expect(o!.meaning).toMatch(/^The app removed its camera track from the call at 0:1\d and renegotiated/);
    },
  })),
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call that added a track by renegotiating (nothing removed)',
      session: fixtureSession('chromium156/renegotiation/webrtc_internals_dump.txt'),
    },
    {
      name: 'the receiving side of the removal',
      session: fixtureSession('chromium156/remove-video/webrtc_internals_dump.callee.txt'),
    },
    {
      name: 'a track taken off with replaceTrack(null), no renegotiation (trackReplaced)',
      session: fixtureSession('chromium156/replace-null/webrtc_internals_dump.txt'),
    },
  ],
  notApplicable: [{ name: 'receive-only (built)', session: withStreams(stream()) }],
});
