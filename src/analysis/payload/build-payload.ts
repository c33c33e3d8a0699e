import { randomUUID } from 'node:crypto';
import { whatHappened } from '../../causes/story.js';
import type { SessionView } from '../../computed/session-view.js';
import type { DetectorRun } from '../../detectors/run-detectors.js';
import type { AnalyzeResponseData } from '../../model/payload/analyze-response-data.js';
import type { PeerConnectionSummary } from '../../model/payload/peer-connection-summary.js';
import type { TransportSummary } from '../../model/payload/transport-summary.js';
import { mosAggregates, type SessionScores } from '../../scoring/index.js';
import { aggregatedStats } from './aggregated-stats.js';
import { features } from './features.js';
import { metadata } from './metadata.js';
import { roundPayload } from './numbers.js';
import { observationsCount, tagClouds } from './observations.js';
import { summarizePeerConnection } from './peer-connections.js';
import { callTimes, connectivity, title } from './session-facts.js';
import { summarizeStreams } from './streams.js';
import { summarizeTransports } from './transports.js';
import { browserHint, userAgentData } from './user-agent.js';

export interface PayloadOptions {
  /** Points per chart series. */
  seriesPoints: number;
}

/**
 * The session payload as far as the dump fills it. Stored-session fields (ids of the uploader,
 * share link…) are null here.
 */
export function buildPayload(
  session: SessionView,
  detected: DetectorRun,
  scored: SessionScores,
  options: PayloadOptions,
): AnalyzeResponseData {
  const observations = detected.observations.map(withFiniteMeasurements);
  const views = session.connections;
  const { start, end } = callTimes(session);
  const pConnections: Record<string, PeerConnectionSummary> = {};
  const transports: Record<string, TransportSummary> = {};
  for (const view of views) {
    // Own properties whatever the id: a dump may name a connection "__proto__".
    setOwn(pConnections, view.id, summarizePeerConnection(view, options.seriesPoints));
    setOwn(transports, view.id, summarizeTransports(view));
  }
  const payload: AnalyzeResponseData = {
    callStart: start !== undefined ? new Date(Math.round(start)).toISOString() : null,
    callEnd: end !== undefined ? new Date(Math.round(end)).toISOString() : null,
    durationMs: start !== undefined && end !== undefined ? Math.round(end - start) : 0,
    userAgentData: userAgentData(
      session.client,
      browserHint({
        browserType: views.map((v) => v.configuration?.browserType).find((b) => b !== undefined),
        statsFormat: session.format.statsFormat,
        legacyStats: views.some((v) => v.flags.legacyStats),
      }),
    ),
    pConnectionsNumber: views.length,
    pConnections,
    streams: summarizeStreams(views, options.seriesPoints),
    transports,
    // Added to the object aggregatedStats made rather than both spread into a new one: with its
    // hundred keys it is a dictionary, and copying one was a sixth of the payload of a small dump.
    aggregatedStats: Object.assign(aggregatedStats(views), mosAggregates(scored.mos)),
    metadata: metadata(session, detected.notApplicable),
    connectivity: connectivity(views),
    title: title(session, start),
    fileName: session.fileName ?? null,
    fileSize: session.fileSize,
    ...scored.scores,
    tagClouds: tagClouds(observations),
    id: randomUUID(),
    created_at: null,
    uploaded_by: null,
    uploaded_by_email: null,
    public_link: null,
    publicUrl: null,
    description: null,
    tags: [],
    observations,
    // Times from the callStart the payload states (whole ms), as a reader of it would count them.
    whatHappened: whatHappened(observations, start !== undefined ? Math.round(start) : undefined),
    features: features(session),
    observationsCount: observationsCount(observations),
    aiSummary: null,
  };
  return roundPayload(payload);
}

/** `object[key] = value` as an own property, also for "__proto__" (which assignment would not make one). */
function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * An observation without its measurement fields that are not finite numbers: they are optional and
 * never null (a damaged file can make a maximum infinite, which rounding would turn into null).
 */
function withFiniteMeasurements<T extends object>(observation: T): T {
  // Checked first without copying anything: almost every observation is kept as it is.
  const o = observation as Record<string, unknown>;
  let finite = true;
  for (const k in o) {
    const v = o[k];
    if (typeof v === 'number' && !Number.isFinite(v)) {
      finite = false;
      break;
    }
  }
  if (finite) return observation;
  const entries = Object.entries(observation);
  return Object.fromEntries(entries.filter(([, v]) => typeof v !== 'number' || Number.isFinite(v))) as T;
}
