import type * as AnalyzeModule from '../src/analysis/analyze-dump.js';
import type * as PayloadModule from '../src/analysis/payload/build-payload.js';
import type * as CollectorModule from '../src/analysis/session-collector.js';
import type * as DetectorsModule from '../src/detectors/index.js';
import type * as RunModule from '../src/detectors/run-detectors.js';
import type * as ScoringModule from '../src/scoring/index.js';
import { built } from './built.js';

// The stages as built (see built.ts): what users run.
const { readSessionView } = await built<typeof AnalyzeModule>('analysis/analyze-dump.js');
const { buildPayload } = await built<typeof PayloadModule>('analysis/payload/build-payload.js');
const { SessionCollector } = await built<typeof CollectorModule>('analysis/session-collector.js');
const { DETECTORS } = await built<typeof DetectorsModule>('detectors/index.js');
const { runDetectors } = await built<typeof RunModule>('detectors/run-detectors.js');
const { scoreSession } = await built<typeof ScoringModule>('scoring/index.js');

export interface StageTimes {
  /** Ingest and computed views together, then each on its own (they interleave: views are built per connection as it is read). */
  readMs: number;
  ingestMs: number;
  viewsMs: number;
  detectMs: number;
  scoreMs: number;
  payloadMs: number;
}

/** A collector that adds up the time spent building connection views. */
class TimedCollector extends SessionCollector {
  viewsMs = 0;
  override peerConnection(pc: Parameters<CollectorModule.SessionCollector['peerConnection']>[0]): void {
    const t = performance.now();
    super.peerConnection(pc);
    this.viewsMs += performance.now() - t;
  }
}

/**
 * Median time of each stage of analyzeDump over `runs` runs: read (ingest and computed views),
 * detectors, scoring, payload. Detectors and scoring are what the observations issue adds. Read
 * is also split into ingest (reading and decoding the dump into raw series) and computed views.
 */
export async function stageTimes(path: string, runs: number, settle: () => void): Promise<StageTimes> {
  const samples: StageTimes[] = [];
  // One run first, not counted: on a 200 MB dump each stage runs once per ten seconds, and its
  // first run is still being compiled (detectors took 459, 260 and 155 ms in three runs of one
  // process). A service analyzing dumps all day runs them warm.
  for (let i = -1; i < runs; i++) {
    settle();
    let t = performance.now();
    const collector = new TimedCollector();
    const session = await readSessionView(path, {}, collector);
    const readMs = performance.now() - t;
    const viewsMs = collector.viewsMs;
    t = performance.now();
    const detected = runDetectors(session, DETECTORS);
    const detectMs = performance.now() - t;
    t = performance.now();
    const scored = scoreSession(session, detected.observations);
    const scoreMs = performance.now() - t;
    t = performance.now();
    buildPayload(session, detected, scored, { seriesPoints: 300 });
    const payloadMs = performance.now() - t;
    if (i >= 0) samples.push({ readMs, ingestMs: readMs - viewsMs, viewsMs, detectMs, scoreMs, payloadMs });
  }
  const med = (key: keyof StageTimes) => {
    const s = samples.map((x) => x[key]).sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  return {
    readMs: med('readMs'),
    ingestMs: med('ingestMs'),
    viewsMs: med('viewsMs'),
    detectMs: med('detectMs'),
    scoreMs: med('scoreMs'),
    payloadMs: med('payloadMs'),
  };
}

/** Time detectors and scoring add, as a share of analyzeDump without them. */
export const addedShare = (t: StageTimes): number => (t.detectMs + t.scoreMs) / (t.readMs + t.payloadMs);
