import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { session, stream } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './audio-interruptions.js';

/** A session receiving audio that was interrupted `count` times for `seconds` in total. */
const receiving = (count: number, seconds: number) =>
  withStreams(
    stream({ totals: { interruptionCount: count, totalInterruptionDurationSec: seconds } }),
    stream({ direction: 'outbound' }),
  );

detectorCases(detector, {
  fires: [
    {
      name: '3 interruptions, 6 s in total, is high',
      session: receiving(3, 6),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'pc1', sid: 'IT01A1234', ssrcId: 1234 });
        expect(o!.valueInCount).toBe(3);
        expect(o!.durationInMs).toBe(6000);
        expect(o!.indicators).toEqual({ interruptions: 3, interruptedMs: 6000 });
        expect(o!.meaning).toBe('Received audio was interrupted 3 times, 6000 ms in total.');
      },
    },
    {
      name: '2 interruptions, 1.5 s in total, is medium',
      session: receiving(2, 1.5),
      severities: ['medium'],
      check: ([o]) => expect(o!.durationInMs).toBe(1500),
    },
    {
      name: 'a single 300 ms interruption is low',
      session: receiving(1, 0.3),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.meaning).toBe('Received audio was interrupted 1 time, 300 ms in total.');
      },
    },
    {
      name: 'one finding per interrupted stream',
      session: withStreams(
        stream({ id: 'IT-a', totals: { interruptionCount: 1, totalInterruptionDurationSec: 0.2 } }),
        stream({ id: 'IT-b', totals: { interruptionCount: 0, totalInterruptionDurationSec: 0 } }),
        stream({ id: 'IT-c', totals: { interruptionCount: 4, totalInterruptionDurationSec: 12 } }),
      ),
      severities: ['low', 'high'],
      check: (observations) => expect(observations.map((o) => o.source.sid)).toEqual(['IT-a', 'IT-c']),
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real call with 10 % loss (concealment covered every gap)',
      session: fixtureSession('chromium156/loss/webrtc_internals_dump.txt'),
    },
    { name: 'no interruption', session: receiving(0, 0) },
  ],
  notApplicable: [
    { name: 'receiver without interruption counters (built)', session: session() },
    {
      name: 'real rtcstats dump without interruptionCount',
      session: fixtureSession('chromium156/clean/rtcstats_dump.caller.txt'),
    },
    {
      name: 'send-only audio',
      session: withStreams(stream({ direction: 'outbound', totals: { interruptionCount: 2 } })),
    },
  ],
});
