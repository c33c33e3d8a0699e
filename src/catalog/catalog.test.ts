import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../detectors/index.js';
import { ObservationCatalog, ObservationExplanation } from '../model/catalog.js';
import { observationCatalog } from './catalog.js';
import { generatedDocs, withGeneratedBlock } from './docs.js';
import { explanations } from './explanation.js';

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');
const read = (path: string) => {
  try {
    return readFileSync(join(DOCS, path), 'utf8');
  } catch {
    return '';
  }
};

describe('observation catalog', () => {
  const catalog = observationCatalog(DETECTORS);

  it('lists every type once, sorted, with its severities and tags', () => {
    expect(Value.Check(ObservationCatalog, catalog)).toBe(true);
    expect(catalog.total).toBe(DETECTORS.length);
    const types = catalog.data.map((e) => e.type);
    expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)));
    const loss = catalog.data.find((e) => e.type === 'networkAudioLossIn')!;
    expect(loss).toEqual({
      type: 'networkAudioLossIn',
      title: 'Audio packet loss (incoming)',
      severities: ['high', 'medium', 'low'],
      tags: ['network', 'audio', 'inbound'],
    });
  });

  it('explains every type from its meta, with related types resolved', () => {
    const all = explanations(DETECTORS);
    expect(all.size).toBe(DETECTORS.length);
    for (const d of DETECTORS) {
      const e = all.get(d.meta.type)!;
      expect([...Value.Errors(ObservationExplanation, e)]).toEqual([]);
      // A cause says what it explains; a symptom which causes explain it.
      const explainedBy = DETECTORS.some(
        (c) => c.meta.explains?.includes(d.meta.type) || c.meta.explainsAcross?.includes(d.meta.type),
      );
      expect(e.sections.map((s) => s.heading)).toEqual([
        'What it means',
        'How it is judged',
        ...(d.meta.family ? ['As a cause'] : []),
        ...(explainedBy ? ['When a cause explains it'] : []),
        'What to do',
        'Where it is reported',
      ]);
      expect(e.sections.find((s) => s.heading === 'What to do')!.markdown).toBe(d.meta.remedy);
      for (const t of d.meta.thresholds)
        expect(e.sections[1]!.markdown).toContain(t.source.split('|')[0]!.trim());
      expect(e.related.map((r) => r.type)).toEqual([...(d.meta.related ?? [])]);
    }
  });
});

describe('generated documents', () => {
  it('match the detector meta and scoring constants (run `npm run docs` after changing them)', () => {
    const docs = generatedDocs(DETECTORS, read);
    const stale = [...docs].filter(([path, text]) => read(path) !== text).map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it('replace only the marked block', () => {
    const text = 'a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nb';
    expect(withGeneratedBlock(text, 'x', 'new')).toBe(
      'a\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nb',
    );
    expect(() => withGeneratedBlock('no markers', 'x', 'new')).toThrow(/markers/);
  });
});
