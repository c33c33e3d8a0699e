import type { SessionView } from '../computed/session-view.js';
import { MEASUREMENT_FIELDS } from '../model/observation-terms.js';
import type { Observation } from '../model/payload/observation.js';
import type { Detector, Finding } from './detector.js';
import { SEVERITY_RANK } from './severity.js';

export interface DetectorRun {
  observations: Observation[];
  /** Detectors that threw: their findings are missing, the rest of the analysis stands. */
  errors: { type: string; message: string }[];
  /** Types whose detector found nothing to check in this dump (e.g. no device info, no video). */
  notApplicable: string[];
}

/** Runs every detector on a session; one detector failing never stops the analysis. */
export function runDetectors(session: SessionView, detectors: readonly Detector[]): DetectorRun {
  const observations: Observation[] = [];
  const errors: DetectorRun['errors'] = [];
  const notApplicable: string[] = [];
  for (const detector of detectors) {
    try {
      if (!detector.applies(session)) {
        notApplicable.push(detector.meta.type);
        continue;
      }
      for (const finding of detector.run(session)) observations.push(toObservation(detector, finding));
    } catch (error) {
      errors.push({ type: detector.meta.type, message: (error as Error).message });
    }
  }
  observations.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (a.firstSeenAt ?? Number.POSITIVE_INFINITY) - (b.firstSeenAt ?? Number.POSITIVE_INFINITY) ||
      a.type.localeCompare(b.type),
  );
  return { observations, errors, notApplicable: notApplicable.sort() };
}

export function toObservation(detector: Detector, f: Finding): Observation {
  const { meta } = detector;
  if (!meta.severities.includes(f.severity)) {
    throw new Error(`${meta.type} emitted severity ${f.severity}, which its meta does not declare`);
  }
  const observation: Observation = {
    type: meta.type,
    severity: f.severity,
    category: meta.category,
    tags: [...meta.tags],
    source: roundSource(f.source ?? {}),
    firstSeenAt:
      f.firstSeenAt !== undefined && Number.isFinite(f.firstSeenAt) ? Math.round(f.firstSeenAt) : null,
    indicators: roundIndicators(f.indicators ?? {}),
    meaning: f.meaning,
  };
  if (f.url) observation.url = f.url;
  if (f.property) observation.property = f.property;
  for (const field of MEASUREMENT_FIELDS) {
    const v = f[field];
    if (v !== undefined && Number.isFinite(v)) observation[field] = Math.round(v * 100) / 100;
  }
  return observation;
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
