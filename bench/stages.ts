import { readSessionView } from '../src/analysis/analyze-dump.js';
import { buildPayload } from '../src/analysis/payload/build-payload.js';
import { DETECTORS } from '../src/detectors/index.js';
import { runDetectors } from '../src/detectors/run-detectors.js';
import { scoreSession } from '../src/scoring/index.js';

export interface StageTimes {
  readMs: number;
  detectMs: number;
  scoreMs: number;
  payloadMs: number;
}

/**
 * Median time of each stage of analyzeDump over `runs` runs: read (ingest and computed views),
 * detectors, scoring, payload. Detectors and scoring are what the observations issue adds.
 */
export async function stageTimes(path: string, runs: number, settle: () => void): Promise<StageTimes> {
  const samples: StageTimes[] = [];
  for (let i = 0; i < runs; i++) {
    settle();
    let t = performance.now();
    const session = await readSessionView(path);
    const readMs = performance.now() - t;
    t = performance.now();
    const detected = runDetectors(session, DETECTORS);
    const detectMs = performance.now() - t;
    t = performance.now();
    const scored = scoreSession(session, detected.observations);
    const scoreMs = performance.now() - t;
    t = performance.now();
    buildPayload(session, detected, scored, { seriesPoints: 300 });
    samples.push({ readMs, detectMs, scoreMs, payloadMs: performance.now() - t });
  }
  const med = (key: keyof StageTimes) => {
    const s = samples.map((x) => x[key]).sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  return {
    readMs: med('readMs'),
    detectMs: med('detectMs'),
    scoreMs: med('scoreMs'),
    payloadMs: med('payloadMs'),
  };
}

/** Time detectors and scoring add, as a share of analyzeDump without them. */
export const addedShare = (t: StageTimes): number => (t.detectMs + t.scoreMs) / (t.readMs + t.payloadMs);
