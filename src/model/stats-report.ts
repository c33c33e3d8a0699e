/**
 * A time series of one getStats report (one stats id) as the dump recorded it.
 *
 * Every attribute series is aligned to `timestamps`: index i of `numbers(a)` or `values(a)` is the
 * value at `timestamps[i]`. Samples where an attribute was absent read as NaN (numbers) or
 * undefined (values). Dumps store series differently (columnar in webrtc-internals, one report
 * per poll in rtcstats); this interface hides that.
 */
export interface StatsReport {
  readonly id: string;
  /** Standard RTCStatsType (`inbound-rtp`, `candidate-pair`, ...), normalized by ingest. */
  readonly type: string;
  /** Number of samples. */
  readonly size: number;
  /** Sample times, epoch milliseconds, non-decreasing. */
  readonly timestamps: ArrayLike<number>;
  has(attribute: string): boolean;
  attributes(): Iterable<string>;
  /** The attribute as numbers (numeric strings and booleans converted), NaN where not numeric. */
  numbers(attribute: string): ArrayLike<number> | undefined;
  /** The attribute as recorded. */
  values(attribute: string): ArrayLike<unknown> | undefined;
  /** First and last recorded (non-missing) value of an attribute. */
  first(attribute: string): unknown;
  last(attribute: string): unknown;
  /**
   * `timestamps` for one pass, not kept by the report (where `timestamps` keeps what it makes):
   * a long report read once (see bounded-stats.ts) is not held twice. A report may omit it.
   */
  timestampsOnce?(): ArrayLike<number>;
  /**
   * `timestamps` at the sample indices `keep` (ascending) only, read without the whole series
   * (see SampledReport): a report that can does not have to.
   */
  timestampsAt?(keep: Int32Array): Float64Array;
  /** `numbers(attribute)` at the sample indices `keep` only (see timestampsAt). */
  numbersAt?(attribute: string, keep: Int32Array): ArrayLike<number> | undefined;
}

/** All stats reports of one peer connection. */
export class StatsStore {
  readonly #reports = new Map<string, StatsReport>();
  /**
   * The reports of each type, in store order, built on first use and dropped when the store
   * changes: analysis asks for one type per stream, pair or transport, and a scan of every report
   * each time made a dump with thousands of streams quadratic.
   */
  #byType: Map<string, StatsReport[]> | undefined;

  get size(): number {
    return this.#reports.size;
  }

  set(report: StatsReport): void {
    this.#reports.set(report.id, report);
    this.#byType = undefined;
  }

  delete(id: string): void {
    this.#reports.delete(id);
    this.#byType = undefined;
  }

  get(id: string | undefined): StatsReport | undefined {
    return id === undefined ? undefined : this.#reports.get(id);
  }

  all(): IterableIterator<StatsReport> {
    return this.#reports.values();
  }

  /** The reports of `type`, in store order. The same array until the store changes: not to be modified. */
  ofType(type: string): readonly StatsReport[] {
    if (!this.#byType) {
      const byType = new Map<string, StatsReport[]>();
      for (const r of this.#reports.values()) {
        const list = byType.get(r.type);
        if (list) list.push(r);
        else byType.set(r.type, [r]);
      }
      this.#byType = byType;
    }
    return this.#byType.get(type) ?? NO_REPORTS;
  }
}

const NO_REPORTS: readonly StatsReport[] = Object.freeze([]);

/** Converts a recorded stats value to a number: numeric strings and booleans count, the rest is NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string') {
    if (value === '' || value.length > 40) return Number.NaN;
    const n = Number(value);
    return Number.isFinite(n) ? n : Number.NaN;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Number.NaN;
}

export function firstDefined(values: ArrayLike<unknown>): unknown {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isNaN(v))) return v;
  }
  return undefined;
}

export function lastDefined(values: ArrayLike<unknown>): unknown {
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isNaN(v))) return v;
  }
  return undefined;
}
