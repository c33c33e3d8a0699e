import { PollClock, ReportTimes } from './poll-clock.js';
import { columnNumbers, columnNumbersAt, columnValues, firstValue, lastValue } from './row-column-read.js';
import { type Column, newColumn, stopCarrying, trimColumn, writeAt } from './row-columns.js';
import { SeriesCache } from './series-cache.js';
import type { StatsReport } from './stats-report.js';

/**
 * A stats report built one poll at a time (rtcstats formats record whole getStats results).
 * Values are stored column by column, as runs of one value (see Column): a long call costs a slot
 * per change of an attribute, not per poll. Sample times are kept on the connection's clock
 * (see PollClock), shared by its reports.
 */
export class RowStatsReport implements StatsReport {
  readonly id: string;
  readonly type: string;
  readonly #ts: ReportTimes;
  readonly #columns = new Map<string, Column>();
  /** Series read last, shared by the connection's reports (see SeriesCache). */
  readonly #cache: SeriesCache;
  /**
   * Attribute names of the last appended report, in order, with their columns: successive polls
   * of a report list the same attributes in the same order, so most lookups are a string compare.
   */
  readonly #lastKeys: string[] = [];
  readonly #lastColumns: Column[] = [];
  /** Columns with `carry` set. */
  #carrying = 0;
  /** The report object of the last append: a delta append is only valid on the same object. */
  #lastReport: object | undefined;

  /** `clock` and `cache`: the connection's, shared by its reports (the report's own by default). */
  constructor(id: string, type: string, clock = new PollClock(), cache = new SeriesCache()) {
    this.id = id;
    this.type = type;
    this.#ts = new ReportTimes(clock);
    this.#cache = cache;
  }

  get size(): number {
    return this.#ts.size;
  }

  get timestamps(): ArrayLike<number> {
    return this.#ts.array();
  }

  /**
   * Appends one poll. `report` holds the full (decompressed) report; id/type/timestamp are skipped.
   * `changed`, from delta-compressed dumps, holds the properties that changed since the previous
   * append of the same `report` object (which the decoder updates in place): the others keep
   * their value without being visited. Without it, or on another object, the whole report is read.
   */
  append(timestamp: number, report: Readonly<Record<string, unknown>>, changed?: object): void {
    const index = this.#ts.size;
    if (changed !== undefined && report === this.#lastReport) this.#appendChanges(index, report, changed);
    else this.#appendAll(index, report);
    this.#lastReport = report;
    this.#ts.push(timestamp);
  }

  /**
   * Lets the spare capacity of the report's arrays go, once its polls are read: growing arrays
   * double, so a quarter of what they hold is spare on average. Appending still works after.
   */
  trim(): void {
    for (const col of this.#columns.values()) trimColumn(col);
    this.#ts.trim();
  }

  /** The report was left out of a poll (or skipped): the next append reads it whole. */
  resync(): void {
    this.#lastReport = undefined;
  }

  #appendAll(index: number, report: Readonly<Record<string, unknown>>): void {
    const lastKeys = this.#lastKeys;
    const lastColumns = this.#lastColumns;
    let k = 0;
    let carried = 0;
    for (const key in report) {
      if (key === 'id' || key === 'type' || key === 'timestamp') continue;
      const value = report[key];
      if (value === undefined) continue;
      let col = lastKeys[k] === key ? lastColumns[k] : undefined;
      if (!col) {
        col = this.#columns.get(key);
        if (!col) {
          col = newColumn(index, value);
          this.#columns.set(key, col);
          lastKeys[k] = key;
          lastColumns[k++] = col;
          continue;
        }
        lastKeys[k] = key;
        lastColumns[k] = col;
      }
      k++;
      if (col.carry) carried++;
      writeAt(col, index, value);
    }
    // Attributes this report no longer has stop carrying their value (their later samples are missing).
    if (carried < this.#carrying) {
      for (const col of this.#columns.values()) if (col.carry && col.end <= index) stopCarrying(col, index);
    }
    this.#carrying = k;
  }

  #appendChanges(index: number, report: Readonly<Record<string, unknown>>, changed: object): void {
    for (const key in changed) {
      if (key === 'id' || key === 'type' || key === 'timestamp') continue;
      // The delta's value is the report's, but for nested objects (which decoders merge). Reading
      // the delta, which for-in walks anyway, is much cheaper than a lookup in the report.
      let value = (changed as Record<string, unknown>)[key];
      if (typeof value === 'object' && value !== null) value = report[key];
      const col = this.#columns.get(key);
      if (value === undefined) {
        if (col?.carry) {
          stopCarrying(col, index);
          this.#carrying--;
        }
        continue;
      }
      if (!col) {
        this.#columns.set(key, newColumn(index, value));
        this.#carrying++;
        continue;
      }
      if (!col.carry) this.#carrying++;
      writeAt(col, index, value);
    }
  }

  has(attribute: string): boolean {
    return this.#columns.has(attribute);
  }

  attributes(): Iterable<string> {
    return this.#columns.keys();
  }

  timestampsOnce(): ArrayLike<number> {
    return this.#ts.arrayOnce();
  }

  timestampsAt(keep: Int32Array): Float64Array {
    return this.#ts.at(keep);
  }

  numbersAt(attribute: string, keep: Int32Array): ArrayLike<number> | undefined {
    const col = this.#columns.get(attribute);
    return col && columnNumbersAt(col, keep);
  }

  numbers(attribute: string): ArrayLike<number> | undefined {
    const size = this.#ts.size;
    const cached = this.#cache.get(this, true, attribute, size);
    if (cached) return cached as Float64Array;
    const col = this.#columns.get(attribute);
    if (!col) return undefined;
    const out = columnNumbers(col, size);
    this.#cache.set(this, true, attribute, size, out);
    return out;
  }

  /** Like `numbers`, the array may be shared between calls: callers must not modify it. */
  values(attribute: string): ArrayLike<unknown> | undefined {
    const size = this.#ts.size;
    const cached = this.#cache.get(this, false, attribute, size);
    if (cached) return cached;
    const col = this.#columns.get(attribute);
    if (!col) return undefined;
    const out = columnValues(col, size);
    this.#cache.set(this, false, attribute, size, out);
    return out;
  }

  first(attribute: string): unknown {
    const col = this.#columns.get(attribute);
    return col ? firstValue(col) : undefined;
  }

  last(attribute: string): unknown {
    const col = this.#columns.get(attribute);
    return col ? lastValue(col) : undefined;
  }
}
