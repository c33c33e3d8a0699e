import { expect } from 'vitest';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './cpu-pressure.js';

const NOMINAL = 4;
const FAIR = 3;
const SERIOUS = 2;
const CRITICAL = 1;

/** One connection with `n` pressure samples, one a second: `serious` then `critical` ones, the rest fair. */
const pressure = (n: number, serious: number, critical = 0) =>
  session({
    connections: [
      connection({
        cpuPressure: {
          t: Array.from({ length: n }, (_, i) => T0 + i * 1000),
          state: Array.from({ length: n }, (_, i) =>
            i < 5 ? NOMINAL : i < 5 + serious ? SERIOUS : i < 5 + serious + critical ? CRITICAL : FAIR,
          ),
        },
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: '40 % serious or critical is high',
      session: pressure(100, 30, 10),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1' });
        expect(o!.durationInPercent).toBe(40);
        expect(o!.indicators).toEqual({ stressedPercent: 40, critical: 10 });
        expect(o!.firstSeenAt).toBe(T0 + 5000);
        expect(o!.meaning).toBe('The CPU was under serious or critical pressure 40 % of the time.');
      },
    },
    {
      name: '20 % serious is medium',
      session: pressure(100, 20),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators).toEqual({ stressedPercent: 20, critical: 0 }),
    },
    {
      name: '5 % critical is low',
      session: pressure(100, 0, 5),
      severities: ['low'],
      check: ([o]) => expect(o!.durationInPercent).toBe(5),
    },
  ],
  quiet: [
    { name: 'one serious sample in 51 (just under 2 %)', session: pressure(51, 1) },
    { name: 'fair pressure throughout', session: pressure(100, 0) },
  ],
  notApplicable: [
    {
      name: 'real clean call (no Compute Pressure records)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'no connection', session: session({ connections: [] }) },
  ],
});
