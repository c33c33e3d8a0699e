import { CODECS, E_MODEL, OPUS_IE } from './constants.js';

/** ITU-T G.107 R factor → MOS (G.107 Annex B). */
export function mosFromR(r: number): number {
  if (r <= 0) return 1;
  if (r >= 100) return 4.5;
  // The cubic dips just below 1 for R under ~6.5; MOS never goes below 1.
  return Math.max(1, 1 + 0.035 * r + r * (r - 60) * (100 - r) * 7e-6);
}

/** Delay impairment Id for a one-way mouth-to-ear delay in ms (simplified G.107). */
export function delayImpairment(oneWayMs: number): number {
  const d = Math.max(0, oneWayMs);
  return E_MODEL.delayA * d + (d > E_MODEL.delayKneeMs ? E_MODEL.delayB * (d - E_MODEL.delayKneeMs) : 0);
}

export interface CodecImpairment {
  ie: number;
  bpl: number;
}

/** Ie and Bpl of an audio codec (mime type like "audio/opus"), at the given bitrate. */
export function codecImpairment(
  mimeType: string | undefined,
  bitrateKbps: number | undefined,
  fec: boolean,
): CodecImpairment {
  const name = (mimeType ?? '').split('/')[1]?.toLowerCase() ?? '';
  if (name === 'opus') {
    const bps = Math.max(1000, (bitrateKbps ?? 32) * 1000);
    const ie = Math.min(OPUS_IE.max, Math.max(OPUS_IE.min, OPUS_IE.a - OPUS_IE.b * Math.log(bps)));
    return { ie, bpl: fec ? CODECS.opus.bplFec : CODECS.opus.bpl };
  }
  const known = (CODECS as Record<string, { ie: number | string; bpl: number }>)[name];
  if (known && typeof known.ie === 'number') return { ie: known.ie, bpl: known.bpl };
  return { ie: CODECS.default.ie, bpl: CODECS.default.bpl };
}

/** Effective equipment impairment with packet loss (G.107: Ie,eff = Ie + (95 − Ie)·Ppl/(Ppl/BurstR + Bpl)). */
export function effectiveImpairment(codec: CodecImpairment, lossPercent: number): number {
  const p = Math.min(100, Math.max(0, lossPercent));
  return codec.ie + ((95 - codec.ie) * p) / (p / E_MODEL.burstRatio + codec.bpl);
}

/** MOS of a voice stream from its one-way delay, loss and codec. */
export function voiceMos(oneWayMs: number, lossPercent: number, codec: CodecImpairment): number {
  const r = E_MODEL.baseR - delayImpairment(oneWayMs) - effectiveImpairment(codec, lossPercent);
  return mosFromR(r);
}
