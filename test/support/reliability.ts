/**
 * Shared by the reliability tests (fuzzing, credits under concurrency, crash consistency,
 * authorization, hostile input, load): how many runs to make, garbage collection on demand, memory
 * readings, percentiles, and the figures that `npm run reliability` prints as a table.
 */
import { appendFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A count or duration from the environment (`npm run fuzz` / `npm run reliability` raise them), or
 * `ci`, the bounded default of the test suite. Never below `ci`.
 */
export function scaled(env: string, ci: number): number {
  const value = Number(process.env[env]);
  return Number.isFinite(value) && value >= ci ? Math.floor(value) : ci;
}

/**
 * A test's time limit for `runs` runs of about `msPerRun` each (a slow, shared machine's pace),
 * never below `ciMs`: raised run counts must not hit a limit sized for the suite's defaults.
 */
export const runsTimeout = (runs: number, msPerRun: number, ciMs: number): number =>
  Math.max(ciMs, runs * msPerRun);

/** The fast-check seed: fixed in CI (reproducible), CALLSCOPE_FUZZ_SEED to replay or vary. */
export function fuzzSeed(): number {
  const value = Number(process.env.CALLSCOPE_FUZZ_SEED);
  return Number.isInteger(value) ? value : 20_260_808;
}

let collect: (() => void) | undefined;
/** A full garbage collection, also without --expose-gc. */
export function gcNow(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
}

export interface MemoryReading {
  rssMiB: number;
  heapMiB: number;
}

/** RSS and used heap after a full collection, in MiB. */
export function memoryNow(): MemoryReading {
  gcNow();
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return { rssMiB: mib(m.rss), heapMiB: mib(m.heapUsed) };
}

/** The `p`-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Records one figure for the report of `npm run reliability` (written only when
 * CALLSCOPE_RELIABILITY_REPORT names a file; tests print nothing otherwise).
 */
export function recordFigure(section: string, label: string, value: string | number): void {
  const file = process.env.CALLSCOPE_RELIABILITY_REPORT;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ section, label, value })}\n`);
}

/** Rejects when `promise` takes longer than `ms` (a hang is a failure, not a stuck test). */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (hang)`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
