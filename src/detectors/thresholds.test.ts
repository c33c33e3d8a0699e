import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROBES } from '../../test/builders/threshold-probes.js';
import { SEVERITIES, type Severity } from '../model/payload/observation.js';
import type { Detector } from './detector.js';
import { DETECTORS } from './index.js';

/**
 * The numbers a detector documents in meta.thresholds (the catalog, docs/observations, the MCP
 * tool text) are the numbers it runs on. Three checks tie them, so that a number changed in one
 * place only fails here:
 * - every documented severity step is tried on the detector, at the step and just short of it
 *   (the probes of test/builders/threshold-probes.ts build the sessions): the step's severity, or
 *   the next milder documented one, must come out;
 * - no detector module keeps a [limit, severity] table of its own: modules that apply steps read
 *   them from their meta (severitySteps(detector.meta.thresholds));
 * - no number of a detector's meta is written again as a bare literal in its module, where the
 *   meta's named constant or step belongs.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const kebab = (type: string) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const isSeverity = (name: string): name is Severity => (SEVERITIES as readonly string[]).includes(name);

/** The severity steps a meta documents, most severe first. */
function documentedSteps(d: Detector): { limit: number; severity: Severity; unit: string }[] {
  return d.meta.thresholds
    .flatMap((t) =>
      isSeverity(t.name) && typeof t.value === 'number'
        ? [{ limit: t.value, severity: t.name, unit: t.unit ?? '' }]
        : [],
    )
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

const stepped = DETECTORS.filter((d) => documentedSteps(d).length > 0);

describe('severity steps documented in meta', () => {
  it('have a probe for every detector that documents them, and no probe for another', () => {
    expect(Object.keys(PROBES).sort()).toEqual(stepped.map((d) => d.meta.type).sort());
  });

  describe.each(stepped.map((d) => [d.meta.type, d] as const))('%s', (type, d) => {
    const probe = PROBES[type]!;
    const below = probe.meets === 'below';
    const delta = probe.delta ?? 0.01;
    const steps = documentedSteps(d);
    /** The severities the detector gives when the judged value is `value`. */
    const severities = (value: number): Severity[] => {
      const session = probe.session(value);
      expect(d.applies(session), `${type} applies to its probe at ${value}`).toBe(true);
      return [...new Set(d.run(session, { observations: [] }).map((f) => f.severity))];
    };

    it('grow more severe further from normal', () => {
      const limits = steps.map((s) => s.limit);
      const sorted = [...limits].sort((a, b) => (below ? a - b : b - a));
      expect(limits).toEqual(sorted);
      expect(new Set(limits).size).toBe(limits.length);
    });

    it.each(steps.map((s, i) => [s.severity, s.limit, s.unit, steps[i + 1]?.severity] as const))(
      '%s from %s %s',
      (severity, limit, _unit, milder) => {
        const short = below ? limit : limit - delta;
        const meets = below ? limit - delta : limit;
        expect(severities(meets), `${type} at ${meets}`).toEqual([severity]);
        // Nothing is measured below zero: a step at 0 is met by every value.
        if (short >= 0 || below)
          expect(severities(short), `${type} at ${short}`).toEqual(milder ? [milder] : []);
      },
    );
  });
});

/** Detector modules: the files of the category folders that are not tests. */
const MODULES = readdirSync(HERE, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) =>
    readdirSync(join(HERE, e.name))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(HERE, e.name, f)),
  );
const rel = (path: string) => relative(HERE, path);

describe('detector modules', () => {
  it('hold no [limit, severity] table of their own', () => {
    const tuple = /\[\s*-?[\d_.]+\s*,\s*'(?:critical|high|medium|low|info)'\s*\]/;
    const reversed = /\[\s*'(?:critical|high|medium|low|info)'\s*,\s*-?[\d_.]+\s*\]/;
    const offenders = MODULES.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return tuple.test(text) || reversed.test(text);
    });
    expect(offenders.map(rel)).toEqual([]);
  });

  it('read the steps they apply from their meta', () => {
    const offenders = MODULES.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return (
        /\bstep(?:Severity|Limit)\(/.test(text) && !/severitySteps\(detector\.meta\.thresholds\b/.test(text)
      );
    });
    expect(offenders.map(rel)).toEqual([]);
  });
});

/**
 * Literals that equal a number of the meta but are something else, with the reason; an entry whose
 * literal has left the module fails the test, so the list says what the code holds.
 */
const NOT_THRESHOLDS: Record<string, string> = {
  'streams/loss.ts 2':
    'LOSSY_INTERVAL_PERCENT: the loss that makes one interval count towards the extent, its own limit',
  'devices/cpu-pressure.ts 2': 'a Compute Pressure state (2 is serious), not a share of the samples',
  'streams/codec-time.ts 50': 'the fewest frames judged, not the 50 % step',
};

/** The numbers a meta documents, also in the unit the code computes (a 0..1 share, ms for s). */
function metaNumbers(d: Detector): Set<number> {
  const out = new Set<number>();
  for (const t of d.meta.thresholds) {
    if (typeof t.value !== 'number') continue;
    out.add(t.value);
    if (t.unit?.includes('%')) out.add(t.value / 100);
    if (t.unit === 's') out.add(t.value * 1000);
  }
  return out;
}

/** A detector's own module and the modules of its folder it imports (the factories it is made by). */
function modulesOf(d: Detector): string[] {
  const own = join(HERE, d.meta.category, `${kebab(d.meta.type)}.ts`);
  const imported = [...readFileSync(own, 'utf8').matchAll(/from '\.\/([\w-]+)\.js'/g)];
  return [own, ...imported.map((m) => join(HERE, d.meta.category, `${m[1]}.ts`))];
}

/** Bare literals of `file` that repeat one of `numbers`, as "<module> <literal>" with their line. */
function repeatedLiterals(file: string, numbers: Set<number>): { key: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  // Constants the meta documents (`value: MIN_PACKETS`, `value: RAMP_UP_MS / 1000`) are the one place.
  const documented = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'value') {
      const names = (n: ts.Node): void => {
        if (ts.isIdentifier(n)) documented.add(n.text);
        n.forEachChild(names);
      };
      names(node.initializer);
    }
    node.forEachChild(collect);
  };
  collect(source);
  const found: { key: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node) && numbers.has(Number(node.text)) && !allowed(node, Number(node.text))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ key: `${rel(file)} ${Number(node.text)}`, line });
    }
    node.forEachChild(visit);
  };
  const allowed = (node: ts.NumericLiteral, value: number): boolean => {
    const parent = node.parent;
    if (value === 0 || value === 1) return true; // indices, counts, "none", "at least one"
    // The meta's own entries: `value: 5`, and the per-severity tables thresholds are built from.
    if (ts.isPropertyAssignment(parent)) {
      const name = parent.name.getText(source);
      if (name === 'value' || isSeverity(name)) return true;
    }
    if (ts.isVariableDeclaration(parent) && documented.has(parent.name.getText(source))) return true;
    // The same in a table of constants: `{ lowKbps: 300 }` read by `value: THRESHOLDS.lowKbps`.
    if (ts.isPropertyAssignment(parent) && documented.has(parent.name.getText(source))) return true;
    // Unit conversions: percent, milliseconds.
    const scales =
      ts.isBinaryExpression(parent) &&
      (parent.operatorToken.kind === ts.SyntaxKind.AsteriskToken ||
        parent.operatorToken.kind === ts.SyntaxKind.SlashToken);
    if ((value === 100 || value === 1000) && scales) return true;
    // Digits of a formatted number; the unit severitySteps converts from.
    return (
      ts.isCallExpression(parent) && /\.toFixed$|^severitySteps$/.test(parent.expression.getText(source))
    );
  };
  visit(source);
  return found;
}

describe('numbers of the meta', () => {
  it('are not written again as bare literals in the detector modules', () => {
    const numbersByModule = new Map<string, Set<number>>();
    for (const d of DETECTORS) {
      for (const file of modulesOf(d)) {
        const numbers = numbersByModule.get(file) ?? new Set<number>();
        for (const n of metaNumbers(d)) numbers.add(n);
        numbersByModule.set(file, numbers);
      }
    }
    const found = [...numbersByModule].flatMap(([file, numbers]) => repeatedLiterals(file, numbers));
    const unexplained = found
      .filter((f) => !(f.key in NOT_THRESHOLDS))
      .map((f) => `${f.key} (line ${f.line})`);
    expect(unexplained).toEqual([]);
    const stale = Object.keys(NOT_THRESHOLDS).filter((key) => !found.some((f) => f.key === key));
    expect(stale).toEqual([]);
  });
});
