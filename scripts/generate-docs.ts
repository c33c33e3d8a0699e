/** Writes the generated documents (docs/observations/*, the constants table of docs/scoring.md). */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedDocs } from '../src/catalog/docs.js';
import { DETECTORS } from '../src/detectors/index.js';

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const docs = generatedDocs(DETECTORS, (path) => readFileSync(join(DOCS, path), 'utf8'));
mkdirSync(join(DOCS, 'observations'), { recursive: true });
// Pages of types that no longer exist go away.
for (const name of readdirSync(join(DOCS, 'observations'))) {
  if (!docs.has(`observations/${name}`)) rmSync(join(DOCS, 'observations', name));
}
let changed = 0;
for (const [path, text] of docs) {
  const file = join(DOCS, path);
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch {}
  if (before !== text) {
    writeFileSync(file, text);
    changed++;
  }
}
console.log(`docs: ${docs.size} generated documents, ${changed} changed`);
