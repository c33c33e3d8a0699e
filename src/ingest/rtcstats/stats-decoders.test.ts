import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../../test/support/detector-cases.js';
import { LegacyDeltaDecoder, type Report, V3StatsDecoder } from './stats-decoders.js';

/** What a decoder emits for each poll: id, a copy of the report, and what changed. */
function decodeAll(decoder: LegacyDeltaDecoder | V3StatsDecoder, polls: unknown[]) {
  return polls.map((poll, i) => {
    const out: [string, Report, Report | undefined][] = [];
    // Decoders take their input over: each run gets its own copy of the shared polls.
    decoder.decode(structuredClone(poll), 1000 * (i + 1), (id, report, changed) =>
      out.push([id, { ...report }, changed]),
    );
    return out;
  });
}

describe('LegacyDeltaDecoder', () => {
  const polls = [
    { a: { timestamp: 0, type: 'ssrc', x: '1', y: '2' }, b: { timestamp: 0, type: 'ssrc', z: '3' } },
    { a: { timestamp: 0, x: '5' } },
    { a: { timestamp: 0 }, b: { timestamp: 0, w: '4' } },
  ];

  it('jitsi: a poll is what it lists, and a report back as a delta carries on from its last values', () => {
    const [first, second, third] = decodeAll(new LegacyDeltaDecoder(true), polls);
    expect(first!.map(([id, , changed]) => [id, changed])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
    expect(second).toEqual([
      ['a', { timestamp: 1000 * 2, type: 'ssrc', x: '5', y: '2' }, { timestamp: 0, x: '5' }],
    ]);
    expect(third).toEqual([
      ['a', { timestamp: 3000, type: 'ssrc', x: '5', y: '2' }, { timestamp: 0 }],
      ['b', { timestamp: 3000, type: 'ssrc', z: '3', w: '4' }, { timestamp: 0, w: '4' }],
    ]);
  });

  it('jitsi: a report back in full (with its type) starts over', () => {
    const [, , third] = decodeAll(new LegacyDeltaDecoder(true), [
      polls[0],
      polls[1],
      { b: { timestamp: 0, type: 'ssrc', w: '4' } },
    ]);
    expect(third).toEqual([['b', { timestamp: 3000, type: 'ssrc', w: '4' }, undefined]]);
  });

  it('older clients: reports left out are unchanged, and emitted in order of first appearance', () => {
    const [, second, third] = decodeAll(new LegacyDeltaDecoder(false), polls);
    expect(second).toEqual([
      ['a', { timestamp: 2000, type: 'ssrc', x: '5', y: '2' }, { timestamp: 0, x: '5' }],
      ['b', { timestamp: 1000, type: 'ssrc', z: '3' }, {}],
    ]);
    expect(third!.map(([id, report, changed]) => [id, report.w ?? report.x, changed])).toEqual([
      ['a', '5', { timestamp: 0 }],
      ['b', '4', { timestamp: 0, w: '4' }],
    ]);
  });

  it('jitsi: a real received video left out of polls while unchanged keeps its packets', async () => {
    const session = await fixtureSession('jitsi/google-legacy-screenshare-p2p')();
    const video = session.connections
      .flatMap((pc) => pc.streams)
      .find((s) => s.id === 'ssrc_3204354242_recv');
    if (!video) throw new Error('no received video');
    expect(video.kind).toBe('video');
    expect(video.totals.packets).toBe(32231);
    expect(video.lastSeenAt - video.firstSeenAt).toBeGreaterThan(100_000);
  });

  it('refuses what is not a poll', () => {
    expect(new LegacyDeltaDecoder(true).decode('nope', 1, () => {})).toBe(false);
  });
});

describe('V3StatsDecoder', () => {
  it('emits changed reports with their delta, then unchanged ones, and drops tombstones', () => {
    const [, second] = decodeAll(new V3StatsDecoder(), [
      { t: 10, a: { x: 1 }, b: { y: 2 }, c: { z: 3 } },
      { t: 20, b: { y: 5 }, c: null },
    ]);
    expect(second).toEqual([
      ['b', { y: 5, timestamp: 20 }, { y: 5 }],
      ['a', { x: 1, timestamp: 20 }, {}],
    ]);
  });
});
