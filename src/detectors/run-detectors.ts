import { attributeCauses } from '../causes/attribute.js';
import type { SessionView } from '../computed/session-view.js';
import { compareText } from '../model/compare-text.js';
import { MEASUREMENT_FIELDS } from '../model/observation-terms.js';
import type { Episode, Observation } from '../model/payload/observation.js';
import type { Detector, DetectorContext, Finding } from './detector.js';
import { releaseRunMemos } from './run-memo.js';
import { SEVERITY_RANK } from './severity.js';

export interface DetectorRun {
  observations: Observation[];
  /** Detectors that threw: their findings are missing, the rest of the analysis stands. */
  errors: { type: string; message: string }[];
  /** Types whose detector found nothing to check in this dump (e.g. no device info, no video). */
  notApplicable: string[];
}

/**
 * Runs every detector on a session; one detector failing never stops the analysis. Detectors of the
 * `cause` stage run last and read what the others observed; then each cause takes the symptoms it
 * explains (src/causes/attribute.ts).
 */
export function runDetectors(session: SessionView, detectors: readonly Detector[]): DetectorRun {
  const observations: Observation[] = [];
  const errors: DetectorRun['errors'] = [];
  const notApplicable: string[] = [];
  const run = (stage: Detector[]) => {
    const context: DetectorContext = { observations: [...observations] };
    for (const detector of stage) {
      try {
        if (!detector.applies(session)) {
          notApplicable.push(detector.meta.type);
          continue;
        }
        for (const finding of detector.run(session, context))
          observations.push(toObservation(detector, finding));
      } catch (error) {
        errors.push({ type: detector.meta.type, message: (error as Error).message });
      }
    }
  };
  try {
    run(detectors.filter((d) => d.meta.stage !== 'cause'));
    run(detectors.filter((d) => d.meta.stage === 'cause'));
  } finally {
    releaseRunMemos();
  }
  attributeCauses(observations, detectors);
  observations.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (a.firstSeenAt ?? Number.POSITIVE_INFINITY) - (b.firstSeenAt ?? Number.POSITIVE_INFINITY) ||
      compareText(a.type, b.type),
  );
  return { observations, errors, notApplicable: notApplicable.sort() };
}

export function toObservation(detector: Detector, f: Finding): Observation {
  const { meta } = detector;
  if (!meta.severities.includes(f.severity)) {
    throw new Error(`${meta.type} emitted severity ${f.severity}, which its meta does not declare`);
  }
  const firstSeenAt = f.firstSeenAt ?? f.episodes?.[0]?.start;
  const observation: Observation = {
    type: meta.type,
    severity: f.severity,
    category: meta.category,
    tags: [...meta.tags],
    source: roundSource(f.source ?? {}),
    firstSeenAt: firstSeenAt !== undefined && Number.isFinite(firstSeenAt) ? Math.round(firstSeenAt) : null,
    indicators: roundIndicators(f.indicators ?? {}),
    meaning: f.meaning,
  };
  if (f.url) observation.url = f.url;
  if (f.property) observation.property = f.property;
  for (const field of MEASUREMENT_FIELDS) {
    const v = f[field];
    if (v !== undefined && Number.isFinite(v)) observation[field] = Math.round(v * 100) / 100;
  }
  if (f.side) observation.side = f.side;
  if (f.direction) observation.direction = f.direction;
  if (f.kind) observation.kind = f.kind;
  if (f.trackId) observation.trackId = f.trackId;
  const episodes = f.episodes?.filter((e) => Number.isFinite(e.start) && Number.isFinite(e.end));
  if (episodes?.length) observation.episodes = episodes.map(roundEpisode);
  if (meta.family) observation.cause = { family: meta.family, symptoms: [] };
  return observation;
}

function roundEpisode(e: Episode): Episode {
  const out: Episode = { start: Math.round(e.start), end: Math.round(e.end) };
  if (e.peak !== undefined && Number.isFinite(e.peak)) out.peak = Math.round(e.peak * 100) / 100;
  if (e.peakAt !== undefined && Number.isFinite(e.peakAt)) out.peakAt = Math.round(e.peakAt);
  return out;
}

function roundSource(source: NonNullable<Finding['source']>): Observation['source'] {
  const out: Observation['source'] = { ...source };
  if (out.timestamp !== undefined) out.timestamp = Math.round(out.timestamp);
  return out;
}

function roundIndicators(indicators: NonNullable<Finding['indicators']>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(indicators)) {
    if (typeof v === 'number') out[k] = Number.isFinite(v) ? Math.round(v * 100) / 100 : null;
    else out[k] = v;
  }
  return out;
}
