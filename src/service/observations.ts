import { observationCatalog } from '../catalog/catalog.js';
import { explanations } from '../catalog/explanation.js';
import { DETECTORS } from '../detectors/index.js';
import type { ObservationCatalog, ObservationExplanation } from '../model/catalog.js';
import { ApiError } from './api-error.js';

/** Built once from the detector meta: the catalog never changes while the process runs. */
const CATALOG = observationCatalog(DETECTORS);
const EXPLANATIONS = explanations(DETECTORS);

export const catalogOfObservations = (): ObservationCatalog => CATALOG;

/** Each type under its lower-case spelling, to name the one a mis-cased request meant. */
const TYPE_BY_LOWER_CASE = new Map([...EXPLANATIONS.keys()].map((t) => [t.toLowerCase(), t]));

/** The explanation of one type (REST and the MCP get_observation_explanation tool). */
export function explanationOf(type: string): ObservationExplanation {
  const e = EXPLANATIONS.get(type);
  if (!e) {
    // Still 404 (the lookup is exact), but like the list filters it names the type that was meant.
    const meant = TYPE_BY_LOWER_CASE.get(type.toLowerCase());
    throw new ApiError(
      'not_found',
      `No observation type "${type.slice(0, 80)}" (types are case-sensitive; ${meant ? `did you mean ${meant}?` : 'see GET /v1.0/observations'}).`,
    );
  }
  return e;
}
