import { words } from './format.js';

let titles: Record<string, string> | undefined;

/**
 * The title of an observation type ("Video packet loss (outgoing)"), from the detectors' catalog
 * the server puts in the page (data-titles). A type the page does not know (a newer engine than
 * the page) is named from its identifier.
 */
export function observationTitle(type: string): string {
  if (!titles) {
    try {
      titles = JSON.parse(document.body.dataset.titles ?? '{}') as Record<string, string>;
    } catch {
      titles = {};
    }
  }
  return Object.hasOwn(titles, type) ? titles[type]! : words(type);
}
