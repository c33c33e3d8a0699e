/**
 * Table-driven detector tests. Every detector file has a sibling `<name>.test.ts` that calls
 * `detectorCases` with at least one session where it fires, one where it applies but stays quiet,
 * and one where it does not apply; the registry test checks that each file exists and does so.
 */
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { readSessionView } from '../../src/analysis/analyze-dump.js';
import type { SessionView } from '../../src/computed/session-view.js';
import type { Detector } from '../../src/detectors/detector.js';
import { DETECTORS } from '../../src/detectors/index.js';
import { toObservation } from '../../src/detectors/run-detectors.js';
import { Observation, type Severity } from '../../src/model/payload/observation.js';
import { fixture } from './fixtures.js';

/** A session, or a function building one (called lazily, inside the test). */
export type SessionSource = SessionView | (() => SessionView | Promise<SessionView>);

export interface FiringCase {
  name: string;
  session: SessionSource;
  /** Expected severities of the observations, in any order (checked when given). */
  severities?: readonly Severity[];
  /** Further assertions on the observations the detector emitted. */
  check?: (observations: Observation[]) => void;
}

export interface QuietCase {
  name: string;
  session: SessionSource;
}

export interface DetectorCases {
  fires: readonly FiringCase[];
  /** The detector applies (it has what it needs) but must not fire. */
  quiet: readonly QuietCase[];
  /** The session lacks what the detector needs: `applies()` is false. */
  notApplicable: readonly QuietCase[];
}

const fixtureCache = new Map<string, Promise<SessionView>>();

/**
 * A real dump from test/fixtures read into a session view, e.g.
 * `fixtureSession('chromium156/loss/webrtc_internals_dump.txt')`. Reads once per test file.
 */
export function fixtureSession(path: string): () => Promise<SessionView> {
  return () => {
    let cached = fixtureCache.get(path);
    if (!cached) {
      cached = readSessionView(fixture(...path.split('/')));
      fixtureCache.set(path, cached);
    }
    return cached;
  };
}

const resolve = async (source: SessionSource): Promise<SessionView> =>
  typeof source === 'function' ? source() : source;

/** Runs the detector the way the runner does and returns schema-checked observations. */
export async function observe(detector: Detector, source: SessionSource): Promise<Observation[]> {
  const session = await resolve(source);
  if (!detector.applies(session)) return [];
  // A cause-stage detector reads what the other detectors observed, as in the runner.
  const observations =
    detector.meta.stage === 'cause'
      ? DETECTORS.filter((d) => d.meta.stage !== 'cause' && d.applies(session)).flatMap((d) =>
          d.run(session, { observations: [] }).map((f) => toObservation(d, f)),
        )
      : [];
  const context = { observations };
  return detector.run(session, context).map((f) => toObservation(detector, f));
}

export function detectorCases(detector: Detector, cases: DetectorCases): void {
  const { type } = detector.meta;
  describe(`detector ${type}`, () => {
    it('has at least one case of each kind', () => {
      expect(cases.fires.length).toBeGreaterThan(0);
      expect(cases.quiet.length).toBeGreaterThan(0);
      expect(cases.notApplicable.length).toBeGreaterThan(0);
    });

    for (const c of cases.fires) {
      it(`fires: ${c.name}`, async () => {
        const session = await resolve(c.session);
        expect(detector.applies(session)).toBe(true);
        const observations = await observe(detector, session);
        expect(observations.length).toBeGreaterThan(0);
        for (const o of observations) {
          const errors = [...Value.Errors(Observation, o)].map((e) => `${e.instancePath} ${e.message}`);
          expect(errors).toEqual([]);
          expect(o.type).toBe(type);
          expect(o.meaning).toMatch(/^\S.*[.!)]$/s);
          expect(o.meaning).not.toMatch(/undefined|NaN|Infinity|\[object/);
        }
        if (c.severities) {
          expect(observations.map((o) => o.severity).sort()).toEqual([...c.severities].sort());
        }
        c.check?.(observations);
      });
    }

    for (const c of cases.quiet) {
      it(`stays quiet: ${c.name}`, async () => {
        const session = await resolve(c.session);
        expect(detector.applies(session)).toBe(true);
        expect(await observe(detector, session)).toEqual([]);
      });
    }

    for (const c of cases.notApplicable) {
      it(`does not apply: ${c.name}`, async () => {
        const session = await resolve(c.session);
        expect(detector.applies(session)).toBe(false);
      });
    }
  });
}
