import { expect } from 'vitest';
import { session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './low-end-device.js';

/** A session from a client with these resources. */
const client = (c: { hardwareConcurrency?: number; deviceMemory?: number; cpuPerformance?: number }) =>
  session({ client: c });

detectorCases(detector, {
  fires: [
    {
      name: 'real chromium156 call on 2 cores',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ cpuCores: 2, deviceMemoryGb: 16, cpuPerformance: 2 });
        expect(o!.meaning).toBe('The device has 2 CPU cores.');
      },
    },
    {
      name: '2 GB of memory and the lowest performance tier',
      session: client({ hardwareConcurrency: 8, deviceMemory: 2, cpuPerformance: 1 }),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ cpuCores: 8, deviceMemoryGb: 2, cpuPerformance: 1 });
        expect(o!.meaning).toBe('The device has 2 GB of memory and the lowest CPU performance tier.');
      },
    },
    {
      name: 'only the memory is known',
      session: client({ deviceMemory: 0.5 }),
      severities: ['info'],
      check: ([o]) =>
        expect(o!.indicators).toEqual({ cpuCores: null, deviceMemoryGb: 0.5, cpuPerformance: null }),
    },
  ],
  quiet: [
    {
      name: 'real rtcstats dump: 16 cores, 8 GB',
      session: fixtureSession('rtcstats/rtcstats-gumonly.jsonl'),
    },
    {
      name: 'just above every limit',
      session: client({ hardwareConcurrency: 3, deviceMemory: 4, cpuPerformance: 2 }),
    },
  ],
  notApplicable: [
    { name: 'real jitsi dump without device info', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
    { name: 'user agent only', session: client({}) },
  ],
});
