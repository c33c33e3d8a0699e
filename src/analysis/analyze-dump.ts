import { type SessionView, sessionView } from '../computed/session-view.js';
import { DETECTORS } from '../detectors/index.js';
import { runDetectors } from '../detectors/run-detectors.js';
import { asDumpError } from '../ingest/errors.js';
import type { DumpInput } from '../ingest/input.js';
import { type ReadOptions, readDump } from '../ingest/read-dump.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { scoreSession } from '../scoring/index.js';
import { PROCESSOR_VERSION } from '../version.js';
import { buildPayload } from './payload/build-payload.js';
import { SessionCollector } from './session-collector.js';

export interface AnalyzeOptions extends ReadOptions {
  /** Name to report as `fileName` (defaults to the file's name when a path is given). */
  fileName?: string;
  /** Points per chart series in the payload (default 300). */
  seriesPoints?: number;
  /**
   * Samples a stats report that detectors and charts read at most (default MAX_VIEW_SAMPLES, 32 768):
   * longer reports are read at one sample per time bucket (src/computed/bounded-stats.ts).
   */
  maxViewSamples?: number;
}

export interface AnalyzeResult {
  data: AnalyzeResponseData;
  processorVersion: string;
}

/**
 * Reads a dump into the analysis view (ingest and computed layers), without detectors or scores.
 * `collector` builds each connection's view as it is read (the benchmark passes one that times it).
 */
export async function readSessionView(
  input: DumpInput,
  options: AnalyzeOptions = {},
  collector: SessionCollector = new SessionCollector(options.maxViewSamples),
): Promise<SessionView> {
  const read = await readDump(input, collector, options);
  return sessionView({
    format: collector.formatInfo,
    client: collector.clientInfo,
    identity: collector.identityInfo,
    clientEvents: collector.clientEvents,
    connections: collector.connections,
    warnings: collector.warnings,
    fileSize: read.fileSize,
    textSize: read.textSize,
    fileName: options.fileName ?? read.fileName,
  });
}

/** Detectors, scores and payload over a session view. */
export function analyzeSession(session: SessionView, options: AnalyzeOptions = {}): AnalyzeResponseData {
  const detected = runDetectors(session, DETECTORS);
  for (const e of detected.errors) session.warnings.push(`detector ${e.type} failed: ${e.message}`);
  const scored = scoreSession(session, detected.observations);
  return buildPayload(session, detected, scored, { seriesPoints: options.seriesPoints ?? 300 });
}

/**
 * Reads a WebRTC dump (webrtc-internals export or rtcstats dump, gzip or not; a Buffer, a stream
 * or a file path) and returns the session payload. Throws DumpError when the input is not a dump
 * that can be read.
 */
export async function analyzeDump(input: DumpInput, options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
  // A damaged file can hit the engine's limits (deep nesting) or put a value of the wrong type where
  // the reader expects another: a refusal of the file (415/413), not a 500 (see asDumpError).
  const session = await readSessionView(input, options).catch((error: unknown) => {
    throw asDumpError(error, 'read') ?? error;
  });
  try {
    return { data: analyzeSession(session, options), processorVersion: PROCESSOR_VERSION };
  } catch (error) {
    throw asDumpError(error, 'analyze') ?? error;
  }
}
