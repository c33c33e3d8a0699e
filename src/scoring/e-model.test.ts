import { describe, expect, it } from 'vitest';
import { codecImpairment, delayImpairment, effectiveImpairment, mosFromR, voiceMos } from './e-model.js';

describe('E-model (ITU-T G.107)', () => {
  it('maps R to MOS with the G.107 Annex B curve', () => {
    expect(mosFromR(0)).toBe(1);
    expect(mosFromR(-5)).toBe(1);
    expect(mosFromR(100)).toBe(4.5);
    // G.107 reference points: R 93.2 (all defaults) ≈ 4.41, R 50 ≈ 2.58, R 70 ≈ 3.60.
    expect(mosFromR(93.2)).toBeCloseTo(4.41, 2);
    expect(mosFromR(50)).toBeCloseTo(2.575, 3);
    expect(mosFromR(70)).toBeCloseTo(3.6, 1);
  });

  it('MOS rises with R', () => {
    let previous = 0;
    for (let r = 0; r <= 100; r += 5) {
      const m = mosFromR(r);
      expect(m).toBeGreaterThanOrEqual(previous);
      previous = m;
    }
  });

  it('charges delay gently below 177 ms and steeply above', () => {
    expect(delayImpairment(0)).toBe(0);
    expect(delayImpairment(-10)).toBe(0);
    expect(delayImpairment(100)).toBeCloseTo(2.4, 5);
    expect(delayImpairment(300)).toBeCloseTo(0.024 * 300 + 0.11 * (300 - 177.3), 5);
    expect(delayImpairment(400) - delayImpairment(300)).toBeGreaterThan(
      4 * (delayImpairment(150) - delayImpairment(50)),
    );
  });

  it('gives Opus an impairment that falls with bitrate, and FEC more loss robustness', () => {
    const low = codecImpairment('audio/opus', 12, true);
    const high = codecImpairment('audio/opus', 64, true);
    expect(low.ie).toBeGreaterThan(high.ie);
    expect(high.ie).toBeCloseTo(55 - 4.6 * Math.log(64_000), 5);
    expect(codecImpairment('audio/opus', 32, true).bpl).toBe(20);
    expect(codecImpairment('audio/opus', 32, false).bpl).toBe(10);
    // Very high bitrates clamp at 0; bitrates are floored at 1 kbps, so Ie stays finite.
    expect(codecImpairment('audio/opus', 1000, true).ie).toBe(0);
    expect(codecImpairment('audio/opus', 0.5, true).ie).toBeCloseTo(55 - 4.6 * Math.log(1000), 5);
    // Without a measured bitrate, Opus is taken at 32 kbps.
    expect(codecImpairment('audio/opus', undefined, true).ie).toBeCloseTo(55 - 4.6 * Math.log(32_000), 5);
  });

  it('knows G.711 and falls back for unknown codecs', () => {
    expect(codecImpairment('audio/PCMU', 64, false)).toEqual({ ie: 0, bpl: 25.1 });
    expect(codecImpairment('audio/PCMA', undefined, false)).toEqual({ ie: 0, bpl: 25.1 });
    expect(codecImpairment(undefined, undefined, false)).toEqual({ ie: 10, bpl: 15 });
  });

  it('adds packet loss to the equipment impairment as G.107 does', () => {
    const codec = { ie: 10, bpl: 20 };
    expect(effectiveImpairment(codec, 0)).toBe(10);
    expect(effectiveImpairment(codec, 10)).toBeCloseTo(10 + (85 * 10) / 30, 5);
    expect(effectiveImpairment(codec, 100)).toBeCloseTo(10 + (85 * 100) / 120, 5);
    expect(effectiveImpairment(codec, 150)).toBe(effectiveImpairment(codec, 100));
  });

  it('scores a good call near 4.4 and a lossy one clearly lower', () => {
    const opus = codecImpairment('audio/opus', 40, true);
    const good = voiceMos(60, 0, opus);
    const lossy = voiceMos(60, 10, opus);
    const slow = voiceMos(450, 0, opus);
    expect(good).toBeGreaterThan(4.2);
    expect(lossy).toBeLessThan(good - 0.8);
    expect(slow).toBeLessThan(good - 0.5);
  });
});
