import { SeriesCache } from './series-cache.js';
import type { StatsReport } from './stats-report.js';

/**
 * Some samples of a report: those at `keep` (ascending sample indices of `base`), read through the
 * StatsReport interface as if the dump had recorded only them. First and last values come from the
 * whole report, so totals stay exact.
 */
export class SampledReport implements StatsReport {
  readonly #base: StatsReport;
  readonly #keep: Int32Array;
  /** Series read last, shared by the connection's sampled reports (as RowStatsReport's are). */
  readonly #cache: SeriesCache;
  #timestamps: Float64Array | undefined;

  constructor(base: StatsReport, keep: Int32Array, cache = new SeriesCache()) {
    this.#base = base;
    this.#keep = keep;
    this.#cache = cache;
  }

  get id(): string {
    return this.#base.id;
  }

  get type(): string {
    return this.#base.type;
  }

  get size(): number {
    return this.#keep.length;
  }

  get timestamps(): ArrayLike<number> {
    this.#timestamps ??= timestampsAt(this.#base, this.#keep);
    return this.#timestamps;
  }

  has(attribute: string): boolean {
    return this.#base.has(attribute);
  }

  attributes(): Iterable<string> {
    return this.#base.attributes();
  }

  numbers(attribute: string): ArrayLike<number> | undefined {
    const size = this.#keep.length;
    const cached = this.#cache.get(this, true, attribute, size);
    if (cached) return cached as ArrayLike<number>;
    const out = numbersAt(this.#base, attribute, this.#keep);
    if (out) this.#cache.set(this, true, attribute, size, out);
    return out;
  }

  values(attribute: string): ArrayLike<unknown> | undefined {
    const keep = this.#keep;
    const cached = this.#cache.get(this, false, attribute, keep.length);
    if (cached) return cached;
    const all = this.#base.values(attribute);
    if (!all) return undefined;
    const out: unknown[] = new Array(keep.length);
    for (let i = 0; i < keep.length; i++) out[i] = all[keep[i]!];
    this.#cache.set(this, false, attribute, keep.length, out);
    return out;
  }

  first(attribute: string): unknown {
    return this.#base.first(attribute);
  }

  last(attribute: string): unknown {
    return this.#base.last(attribute);
  }
}

/** `all` at the sample indices `keep`. */
export function pickNumbers(all: ArrayLike<number>, keep: Int32Array): Float64Array {
  const out = new Float64Array(keep.length);
  for (let i = 0; i < keep.length; i++) out[i] = all[keep[i]!]!;
  return out;
}

/**
 * `report.numbers(attribute)` at the sample indices `keep`: read at those samples where the report
 * can (the whole series of a long dump is what bounding the views avoids making), else picked.
 */
export function numbersAt(
  report: StatsReport,
  attribute: string,
  keep: Int32Array,
): ArrayLike<number> | undefined {
  if (report.numbersAt) return report.numbersAt(attribute, keep);
  const all = report.numbers(attribute);
  return all && pickNumbers(all, keep);
}

/** `report.timestamps` at the sample indices `keep` (see numbersAt). */
export function timestampsAt(report: StatsReport, keep: Int32Array): Float64Array {
  return report.timestampsAt ? report.timestampsAt(keep) : pickNumbers(report.timestamps, keep);
}

/** `report.timestamps` for one pass, not kept by the report where it can (see timestampsOnce). */
export function timestampsOnce(report: StatsReport): ArrayLike<number> {
  return report.timestampsOnce ? report.timestampsOnce() : report.timestamps;
}
