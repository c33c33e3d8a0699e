import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SEVERITIES, TAGS } from '../model/payload/observation.js';
import type { Detector } from './detector.js';
import { DETECTORS } from './index.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const kebab = (type: string) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const byType = new Map(DETECTORS.map((d) => [d.meta.type, d]));

describe('detector registry', () => {
  it('holds at least 50 types covering every tag and category', () => {
    expect(DETECTORS.length).toBeGreaterThanOrEqual(50);
    const tags = new Set(DETECTORS.flatMap((d) => d.meta.tags));
    const categories = new Set(DETECTORS.map((d) => d.meta.category));
    expect([...TAGS].filter((t) => !tags.has(t))).toEqual([]);
    expect([...CATEGORIES].filter((c) => !categories.has(c))).toEqual([]);
  });

  it('has unique camelCase types, sorted', () => {
    const types = DETECTORS.map((d) => d.meta.type);
    expect(new Set(types).size).toBe(types.length);
    for (const t of types) expect(t).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)));
  });

  it('lists every detector file, and every listed detector lives in <category>/<kebab-type>.ts', async () => {
    for (const category of CATEGORIES) {
      const dir = join(HERE, category);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        const mod = (await import(`./${category}/${file.replace(/\.ts$/, '.js')}`)) as { default?: Detector };
        if (!mod.default) continue; // shared helpers of the folder
        const type = mod.default.meta.type;
        expect(byType.get(type), `${category}/${file} is not in DETECTORS`).toBe(mod.default);
        expect(`${mod.default.meta.category}/${kebab(type)}.ts`).toBe(`${category}/${file}`);
      }
    }
    for (const d of DETECTORS) {
      expect(existsSync(join(HERE, d.meta.category, `${kebab(d.meta.type)}.ts`)), d.meta.type).toBe(true);
    }
  });

  it('has a test file per detector with fires, quiet and not-applicable cases', () => {
    const missing: string[] = [];
    for (const d of DETECTORS) {
      const path = join(HERE, d.meta.category, `${kebab(d.meta.type)}.test.ts`);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (!/detectorCases\(detector,/.test(text) || !/fires:/.test(text) || !/quiet:/.test(text)) {
        missing.push(d.meta.type);
      } else if (!/notApplicable:/.test(text)) missing.push(d.meta.type);
    }
    expect(missing).toEqual([]);
  });

  describe.each(DETECTORS.map((d) => [d.meta.type, d] as const))('meta of %s', (_type, d) => {
    const { meta } = d;
    it('is complete', () => {
      expect(meta.title.trim().length).toBeGreaterThan(3);
      expect(meta.description.trim().length).toBeGreaterThan(40);
      expect(meta.remedy.trim().length).toBeGreaterThan(10);
      expect(meta.severities.length).toBeGreaterThan(0);
      expect(new Set(meta.severities).size).toBe(meta.severities.length);
      for (const s of meta.severities) expect(SEVERITIES).toContain(s);
      // Severities are declared from worst to mildest, the order the catalog shows.
      const ranks = meta.severities.map((s) => SEVERITIES.indexOf(s));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(meta.tags.length).toBeGreaterThan(0);
      expect(new Set(meta.tags).size).toBe(meta.tags.length);
      for (const t of meta.tags) expect(TAGS).toContain(t);
      expect(CATEGORIES).toContain(meta.category);
    });

    it('gives every threshold a value and a source', () => {
      for (const t of meta.thresholds) {
        expect(t.name.trim()).not.toBe('');
        expect(t.source.trim().length).toBeGreaterThan(5);
        expect(typeof t.value === 'number' ? Number.isFinite(t.value) : String(t.value) !== '').toBe(true);
      }
    });

    it('relates only to known types', () => {
      for (const r of meta.related ?? []) {
        expect(byType.has(r), `${meta.type} relates to unknown ${r}`).toBe(true);
        expect(r).not.toBe(meta.type);
      }
    });
  });
});
