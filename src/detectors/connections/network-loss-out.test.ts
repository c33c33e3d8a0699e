import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { ONSET_TOLERANCE_MS, truthTime } from '../../../test/support/truth.js';
import detector from './network-loss-out.js';

detectorCases(detector, {
  fires: [
    {
      name: "real call, 8 % loss from half-way on the caller's uplink (Chromium's export): high, at the change",
      session: fixtureSession('chromium156/loss-late-up/chromium_rtcstats_dump.gz'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.direction).toBe('outbound');
        expect(Math.abs(o!.firstSeenAt! - truthTime('loss-late-up'))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
        expect(o!.meaning).toMatch(
          /^The network path from this client lost [\d.]+ % of its packets from 0:1\d for /,
        );
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.callee.txt'),
    },
    {
      // 62 % of the packets reordered, none dropped: receiver reports count late packets as lost at
      // first, the cumulative count takes them back.
      name: 'a path that reorders packets but drops none',
      session: fixtureSession('chromium156/jitter/webrtc_internals_dump.callee.txt'),
    },
  ],
  notApplicable: [
    {
      name: 'a data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
