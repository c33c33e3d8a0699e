/**
 * Fuzzing the reader and analyzer with mutated real dumps (test/support/mutations.ts): whatever the
 * damage, `analyzeDump` answers a payload that serializes to finite JSON, or refuses with a
 * DumpError of a known kind (mapped to a 4xx by the service) — never another error (a 500), never
 * a hang, and memory does not grow with the number of files read. Seeded; CALLSCOPE_FUZZ_RUNS
 * raises the number of runs (`npm run fuzz`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectSchema } from '../../test/support/api-schemas.js';
import { mutatedBytes, mutatedDumpArb } from '../../test/support/mutations.js';
import {
  fuzzSeed,
  memoryNow,
  recordFigure,
  runsTimeout,
  scaled,
  within,
} from '../../test/support/reliability.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { type DumpErrorKind, isDumpError } from './errors.js';

const KINDS: readonly DumpErrorKind[] = ['unreadable', 'unsupported', 'too-large', 'compression'];
const RUNS = scaled('CALLSCOPE_FUZZ_RUNS', 300);

/** Every number of a payload is finite: NaN and Infinity would become null in JSON, silently. */
function firstNonFinite(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '(root)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstNonFinite(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const bad = firstNonFinite(v, `${path}.${k}`);
      if (bad) return bad;
    }
  return undefined;
}

describe('fuzzing analyzeDump with mutated real dumps', () => {
  it(
    `reads or refuses ${RUNS} mutated dumps, never failing otherwise, hanging or leaking`,
    async () => {
      const outcomes = { read: 0, refused: {} as Record<string, number> };
      const before = memoryNow();
      let middle = before;
      let run = 0;
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(mutatedDumpArb, async (input) => {
          const bytes = mutatedBytes(input);
          const outcome = await within(
            20_000,
            'analyzeDump',
            analyzeDump(bytes, { maxDecompressedBytes: 64 * 2 ** 20 }).then(
              (result) => ({ ok: true as const, result }),
              (error: unknown) => ({ ok: false as const, error }),
            ),
          );
          if (outcome.ok) {
            // The worker serializes the payload: that must work, with finite numbers only.
            const json = JSON.stringify(outcome.result.data);
            expect(json.length).toBeGreaterThan(2);
            expect(firstNonFinite(outcome.result.data)).toBeUndefined();
            // What clients receive matches the published schema, whatever the file said.
            expectSchema('AnalyzeResponseData', JSON.parse(json));
            outcomes.read++;
          } else {
            const { error } = outcome;
            if (!isDumpError(error))
              throw new Error(
                `not a DumpError (would be a 500): ${(error as Error)?.stack ?? String(error)}`.slice(
                  0,
                  2000,
                ),
              );
            expect(KINDS).toContain(error.kind);
            outcomes.refused[error.kind] = (outcomes.refused[error.kind] ?? 0) + 1;
          }
          if (++run === Math.floor(RUNS / 2)) middle = memoryNow();
        }),
        { numRuns: RUNS, seed: fuzzSeed(), endOnFailure: true },
      );
      const after = memoryNow();
      const seconds = (performance.now() - started) / 1000;
      // Nothing read is kept: the heap after the second half is where it was after the first.
      expect(after.heapMiB - middle.heapMiB).toBeLessThan(32);
      expect(outcomes.read + Object.values(outcomes.refused).reduce((a, b) => a + b, 0)).toBe(RUNS);
      recordFigure('1 fuzz: analyzeDump', 'mutated dumps', RUNS);
      recordFigure('1 fuzz: analyzeDump', 'read / refused', `${outcomes.read} / ${RUNS - outcomes.read}`);
      recordFigure('1 fuzz: analyzeDump', 'refusals by kind', JSON.stringify(outcomes.refused));
      recordFigure('1 fuzz: analyzeDump', 'errors other than DumpError, hangs', 0);
      recordFigure(
        '1 fuzz: analyzeDump',
        'heap MiB start / middle / end (after GC)',
        `${before.heapMiB} / ${middle.heapMiB} / ${after.heapMiB}`,
      );
      recordFigure('1 fuzz: analyzeDump', 'duration s', seconds.toFixed(1));
    },
    runsTimeout(RUNS, 60, 600_000),
  );
});
