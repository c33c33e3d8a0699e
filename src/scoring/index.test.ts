import { describe, expect, it } from 'vitest';
import { connection, flat, ice, session, stream } from '../../test/builders/session.js';
import { experienceScore, mosAggregates, scoreSession } from './index.js';

describe('experience score', () => {
  it('is 0 without media and 100 at the ceiling with nothing wrong', () => {
    expect(experienceScore(null, null, 5, 40)).toBe(0);
    expect(experienceScore(4.5, 4.5, 5, 40)).toBe(100);
    expect(experienceScore(4.5, null, null, 40)).toBe(100);
  });

  it('averages audio and video, then scales by connectivity and observations', () => {
    expect(experienceScore(4.5, 1, 5, 40)).toBeCloseTo(50, 10);
    expect(experienceScore(4.5, 4.5, 1, 40)).toBeCloseTo(70, 10);
    expect(experienceScore(4.5, 4.5, 5, 0)).toBeCloseTo(60, 10);
    expect(experienceScore(4.5, 4.5, 1, 0)).toBeCloseTo(42, 10);
    expect(experienceScore(2.75, null, 3, 20)).toBeCloseTo(100 * 0.5 * 0.85 * 0.8, 10);
  });
});

describe('session scores', () => {
  it('leaves audio and video null without such streams, experience 0 without media', () => {
    const noMedia = session({ connections: [connection({ streams: [] })] });
    const { scores } = scoreSession(noMedia, []);
    expect(scores.audioScore).toBeNull();
    expect(scores.videoScore).toBeNull();
    expect(scores.experienceScore).toBe(0);
    expect(scores.connectivityScore).toBe(5);
    expect(scores.observationsScore).toBe(40);
  });

  it('ignores streams that never carried a packet', () => {
    const silent = stream({ kind: 'video', direction: 'inbound', totals: { packets: 0 } });
    const { scores } = scoreSession(session({ connections: [connection({ streams: [silent] })] }), []);
    expect(scores.videoScore).toBeNull();
  });

  it('averages the two directions, each the mean of its samples', () => {
    const out = stream({ kind: 'audio', direction: 'outbound', n: 10, codec: { mimeType: 'audio/opus' } });
    const inbound = stream({
      kind: 'audio',
      direction: 'inbound',
      n: 10,
      codec: { mimeType: 'audio/opus' },
      values: { lossPercent: flat(10, 10) },
    });
    const { scores, mos } = scoreSession(
      session({ connections: [connection({ streams: [out, inbound] })] }),
      [],
    );
    const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    expect(mos.out_audio).toHaveLength(10);
    expect(mos.in_audio).toHaveLength(10);
    expect(scores.audioScore).toBeCloseTo((avg(mos.out_audio) + avg(mos.in_audio)) / 2, 10);
    expect(avg(mos.in_audio)).toBeLessThan(avg(mos.out_audio) - 0.8);
    const agg = mosAggregates(mos);
    expect(agg.mos_in_audio_avg_score).toBeCloseTo(avg(mos.in_audio), 10);
    expect(agg.mos_out_audio_p95_score).toBeDefined();
    expect(agg.mos_in_video_avg_score).toBeUndefined();
  });

  it('keeps connectivity null when no ICE was attempted', () => {
    const noIce = connection({
      ice: ice({ pairs: [] }),
      lifecycle: {
        ...connection().lifecycle,
        states: { signaling: [], iceConnection: [], connection: [], iceGathering: [], dtls: [] },
      },
    });
    expect(scoreSession(session({ connections: [noIce] }), []).scores.connectivityScore).toBeNull();
  });
});
