import { settingsMarkdown } from '../config/settings-markdown.js';
import type { Detector } from '../detectors/detector.js';
import { scoringConstantsMarkdown } from '../scoring/constants-table.js';
import { observationDocs } from './markdown.js';

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function withGeneratedBlock(text: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`missing ${open} … ${close} markers`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/**
 * Every generated document (paths relative to docs/): the observation pages, the constants
 * table of scoring.md and the settings table of operations.md. `current` reads a document as it is, for the hand-written parts.
 */
export function generatedDocs(
  detectors: readonly Detector[],
  current: (path: string) => string,
): Map<string, string> {
  const docs = observationDocs(detectors);
  docs.set('scoring.md', withGeneratedBlock(current('scoring.md'), 'constants', scoringConstantsMarkdown()));
  docs.set('operations.md', withGeneratedBlock(current('operations.md'), 'settings', settingsMarkdown()));
  return docs;
}
