import { expect } from 'vitest';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { ONSET_TOLERANCE_MS, truthTime } from '../../../test/support/truth.js';
import detector from './network-loss-in.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real call, 8 % loss on the way to the callee from half-way: high, dated at the change',
      session: fixtureSession('chromium156/loss-late-up/webrtc_internals_dump.callee.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.side).toBe('network');
        expect(o!.direction).toBe('inbound');
        expect(Math.abs(o!.firstSeenAt! - truthTime('loss-late-up'))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
        expect(o!.valueInPercent).toBeGreaterThan(4);
        expect(o!.valueInPercent).toBeLessThan(10);
      },
    },
    {
      name: 'real call, burst loss to the caller from 10 s to 20 s (rtcstats client): one episode, start and end',
      session: fixtureSession('chromium156/loss-window-down/rtcstats_dump.caller.txt'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.episodes).toHaveLength(1);
        const [e] = o!.episodes!;
        expect(Math.abs(e!.start - truthTime('loss-window-down', 0))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
        expect(Math.abs(e!.end - truthTime('loss-window-down', 1))).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
      },
    },
  ],
  quiet: [
    {
      name: 'a real call with nothing done',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'loss only on the way from this client',
      session: fixtureSession('chromium156/loss-late-up/chromium_rtcstats_dump.gz'),
    },
  ],
  notApplicable: [
    {
      name: 'a data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
