import type { Detector } from '../detectors/detector.js';
import type { ObservationCatalog } from '../model/catalog.js';
import { compareText } from '../model/compare-text.js';

/** The `GET /v1.0/observations` payload: every type, with every severity and tag it can carry. */
export function observationCatalog(detectors: readonly Detector[]): ObservationCatalog {
  const data = [...detectors]
    .sort((a, b) => compareText(a.meta.type, b.meta.type))
    .map(({ meta }) => ({
      type: meta.type,
      title: meta.title,
      severities: [...meta.severities],
      tags: [...meta.tags],
    }));
  return { total: data.length, data };
}
