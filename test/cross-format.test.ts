import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import type { AnalyzeResponseData } from '../src/model/payload/index.js';
import { CHROMIUM_FORMATS, CHROMIUM_SCENARIOS, fixture } from './support/fixtures.js';

/**
 * Each chromium156 call was recorded three ways on each end (webrtc-internals export, Chromium's
 * rtcstats export, the rtcstats npm client). Whatever the format, the verdicts must agree.
 */
const streamCounts = (d: AnalyzeResponseData) => {
  const counts: Record<string, number> = {};
  for (const s of Object.values(d.streams))
    counts[`${s.direction}-${s.kind}`] = (counts[`${s.direction}-${s.kind}`] ?? 0) + 1;
  return counts;
};

const lossByStream = (d: AnalyzeResponseData) =>
  Object.fromEntries(
    Object.values(d.streams)
      .filter((s) => s.kind !== 'data')
      .map((s) => [`${s.direction}-${s.kind}-${s.ssrc}`, s.packetLossPercent]),
  );

describe('same call, three formats', () => {
  for (const scenario of CHROMIUM_SCENARIOS) {
    for (const side of ['caller', 'callee'] as const) {
      it(`${scenario} (${side}) agrees across formats`, async () => {
        const [internals, chromeExport, client] = await Promise.all(
          CHROMIUM_FORMATS[side].map(
            async (file) => (await analyzeDump(fixture('chromium156', scenario, file))).data,
          ),
        );
        expect(internals!.metadata.format).toBe('webrtc-internals');
        expect(chromeExport!.metadata.format).toBe('chrome-rtcstats');
        expect(client!.metadata.format).toBe('rtcstats-legacy');
        const reference = internals!;
        for (const other of [chromeExport!, client!]) {
          expect(Math.abs(other.durationMs - reference.durationMs)).toBeLessThanOrEqual(2000);
          expect(other.pConnectionsNumber).toBe(reference.pConnectionsNumber);
          expect(other.connectivity).toBe(reference.connectivity);
          expect(streamCounts(other)).toEqual(streamCounts(reference));
          const ref = lossByStream(reference);
          const got = lossByStream(other);
          expect(Object.keys(got).sort()).toEqual(Object.keys(ref).sort());
          for (const [key, loss] of Object.entries(ref)) {
            if (loss === null) expect(got[key]).toBeNull();
            else expect(Math.abs(got[key]! - loss)).toBeLessThanOrEqual(1);
          }
        }
      });
    }
  }

  it('measures what was done to the calls', async () => {
    const clean = (await analyzeDump(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'))).data;
    const loss = (await analyzeDump(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'))).data;
    const relay = (await analyzeDump(fixture('chromium156', 'relay', 'webrtc_internals_dump.txt'))).data;
    const fail = (await analyzeDump(fixture('chromium156', 'ice-fail', 'webrtc_internals_dump.txt'))).data;
    const audio = (await analyzeDump(fixture('chromium156', 'audio-only', 'webrtc_internals_dump.txt'))).data;
    const data = (await analyzeDump(fixture('chromium156', 'datachannel-only', 'webrtc_internals_dump.txt')))
      .data;

    expect(Math.abs(clean.durationMs - 30_000)).toBeLessThan(2000);
    expect(clean.connectivity).toBe('DIRECT/UDP');
    for (const s of Object.values(clean.streams)) if (s.kind !== 'data') expect(s.packetLossPercent).toBe(0);
    // 10 % loss each way (netsim): every media stream loses 5–12 % (video less: retransmissions).
    for (const s of Object.values(loss.streams)) {
      if (s.kind === 'data') continue;
      expect(s.packetLossPercent).toBeGreaterThan(5);
      expect(s.packetLossPercent).toBeLessThan(12);
    }
    expect(loss.aggregatedStats.packetLoss_in_audio_avg_percent).toBeGreaterThan(5);
    expect(relay.connectivity).toBe('RELAY/UDP');
    const relayPc = Object.values(relay.pConnections)[0]!;
    expect(relayPc.configuration?.iceTransportPolicy).toBe('relay');
    expect(relayPc.selectedPairs.at(-1)?.local?.type).toBe('relay');
    const failed = Object.values(fail.pConnections)[0]!;
    expect(failed.connected).toBe(false);
    expect(failed.failed).toBe(true);
    expect(failed.finalState.connection).toBe('failed');
    expect(fail.connectivity).toBe('NONE');
    expect(Object.values(audio.streams).filter((s) => s.kind === 'video')).toHaveLength(0);
    expect(Object.values(data.streams).map((s) => s.kind)).toEqual(['data']);
    expect(Object.values(data.streams)[0]!.data?.messagesSent).toBeGreaterThan(0);
  });
});
