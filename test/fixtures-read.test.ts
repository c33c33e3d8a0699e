import { describe, expect, it } from 'vitest';
import { analyzeDump, isDumpError } from '../src/index.js';
import { allDumps, fixture, SERVER_SIDE_SAMPLES } from './support/fixtures.js';

describe('every real dump in test/fixtures', () => {
  const dumps = allDumps();

  it('finds the corpus', () => {
    expect(dumps.length).toBeGreaterThanOrEqual(60);
  });

  for (const name of dumps) {
    if (SERVER_SIDE_SAMPLES.includes(name)) {
      it(`refuses ${name} as server-side stats`, async () => {
        const error = await analyzeDump(fixture(name)).catch((e: unknown) => e);
        expect(isDumpError(error)).toBe(true);
        expect((error as { kind: string }).kind).toBe('unsupported');
        expect((error as Error).message).toMatch(/server-side/);
      });
      continue;
    }
    it(`reads ${name}`, async () => {
      const { data, processorVersion } = await analyzeDump(fixture(name));
      expect(processorVersion).toMatch(/^\d+\.\d+\.\d+$/);
      expect(data.fileSize).toBeGreaterThan(0);
      expect(data.pConnectionsNumber).toBe(Object.keys(data.pConnections).length);
      // Dumps with connections have a call time; gUM-only dumps have the media request.
      if (data.pConnectionsNumber > 0) expect(data.durationMs).toBeGreaterThan(0);
      else expect(data.metadata.mediaRequests.length).toBeGreaterThan(0);
      expect(data.userAgentData.browser).not.toBeNull();
      // Delays are never negative: legacy stats' -1 ("no RTCP report yet") is not a measurement.
      const delays = Object.entries(data.aggregatedStats).filter(([k]) => /^(rtt|jitter)_/.test(k));
      for (const [key, value] of delays)
        if (typeof value === 'number') expect(value, key).toBeGreaterThanOrEqual(0);
      for (const pc of Object.values(data.pConnections))
        for (const value of Object.values(pc.roundTripTimeMs ?? {}))
          if (typeof value === 'number') expect(value, pc.id).toBeGreaterThanOrEqual(0);
    });
  }
});
