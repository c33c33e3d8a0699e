import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PollClock, ReportTimes } from './poll-clock.js';

describe('ReportTimes on a shared PollClock', () => {
  it('reads back the times pushed, whatever other reports push in between (fast-check)', () => {
    const time = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(Number.NaN, -0, 0.5));
    // Each step: which of three reports is polled, at what time.
    const step = fc.tuple(fc.integer({ min: 0, max: 2 }), time);
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const clock = new PollClock();
        const reports = [0, 1, 2].map(() => new ReportTimes(clock));
        const expected: number[][] = [[], [], []];
        for (const [r, t] of steps) {
          reports[r]!.push(t);
          expected[r]!.push(t);
          // Reads between pushes must not go stale.
          expect(Array.from(reports[r]!.array())).toEqual(expected[r]);
        }
        reports.forEach((times, r) => {
          expect(times.size).toBe(expected[r]!.length);
          expect(Array.from(times.array())).toEqual(expected[r]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a report polled at every poll as one view of the clock', () => {
    const clock = new PollClock();
    const a = new ReportTimes(clock);
    const b = new ReportTimes(clock);
    for (let t = 0; t < 100; t++) {
      a.push(t * 1000);
      b.push(t * 1000);
    }
    expect(a.array().buffer).toBe(b.array().buffer);
    expect(Array.from(a.array())).toEqual(Array.from({ length: 100 }, (_, t) => t * 1000));
  });
});
