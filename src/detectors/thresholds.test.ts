import { describe, expect, it } from 'vitest';
import { PROBES } from '../../test/builders/threshold-probes.js';
import { SEVERITIES, type Severity } from '../model/payload/observation.js';
import type { Detector } from './detector.js';
import { DETECTORS } from './index.js';

/**
 * The numbers a detector documents in meta.thresholds (the catalog, docs/observations, the MCP
 * tool text) are the numbers it runs on, so that a number changed in one place only fails here:
 * every documented severity step is tried on the detector, at the step and just short of it (the
 * probes of test/builders/threshold-probes.ts build the sessions): the step's severity, or the
 * next milder documented one, must come out.
 */

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
      return [...new Set(d.run(session).map((f) => f.severity))];
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
