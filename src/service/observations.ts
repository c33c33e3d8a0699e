import { observationCatalog } from '../catalog/catalog.js';
import { explanations } from '../catalog/explanation.js';
import { DETECTORS } from '../detectors/index.js';
import type { ObservationCatalog, ObservationExplanation } from '../model/catalog.js';
import { ApiError } from './api-error.js';

/** Built once from the detector meta: the catalog never changes while the process runs. */
const CATALOG = observationCatalog(DETECTORS);
const EXPLANATIONS = explanations(DETECTORS);

export const catalogOfObservations = (): ObservationCatalog => CATALOG;

/** The explanation of one type (REST and the MCP get_observation_explanation tool). */
export function explanationOf(type: string): ObservationExplanation {
  const e = EXPLANATIONS.get(type);
  if (!e)
    throw new ApiError(
      'not_found',
      `No observation type "${type.slice(0, 80)}" (types are case-sensitive; see GET /v1.0/observations).`,
    );
  return e;
}
