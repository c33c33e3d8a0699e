import { GrowableFloat64, GrowableInt32 } from './growable.js';
import { firstDefined, lastDefined, toNumber } from './stats-report.js';

/**
 * One attribute of a RowStatsReport, as runs of one value: run k holds its value from its first
 * sample up to the next run's first sample, the last one up to `end`. Most attributes change in
 * few polls (ids, codecs, flags, rarely updated counters), so a long call costs a slot per change
 * rather than one per poll: a 100 MB jitsi dump kept 8.8 million slots for 1.5 million runs.
 *
 * Where runs start is kept as stretches of runs one sample long each: a counter that changes at
 * every poll is one stretch, so its runs cost their value only. On that dump 1.45 million runs
 * made 258 000 stretches.
 */
export interface Column {
  /** Every value so far was a number (or, with `digits`, a string of decimal digits): runs hold numbers. */
  numeric: boolean;
  /**
   * The values were strings of decimal digits (legacy goog stats record every counter so), held as
   * the numbers they spell: a number takes 8 bytes where a short string took about 32, and a long
   * legacy call keeps millions of them until its connection is normalized. Read back as the same
   * strings.
   */
  digits: boolean;
  /** Values of the runs of a numeric column (missing samples are a run of NaN). */
  numbers: GrowableFloat64 | undefined;
  /** Values of the runs of any other column (missing samples are a run of undefined). */
  values: unknown[] | undefined;
  /** Runs so far; neighbouring runs never hold the same value. */
  count: number;
  /** Stretch s starts at run `fromRun[s]`, at sample `fromSample[s]`; each run of it but its last is one sample long. */
  readonly fromRun: GrowableInt32;
  readonly fromSample: GrowableInt32;
  /** First sample of the last run. */
  lastStart: number;
  /** Sample after the last one written. */
  end: number;
  /**
   * The attribute was in the last appended report: the samples from `end` on hold its last value
   * until the next change (or until the report is appended without it).
   */
  carry: boolean;
}

export function newColumn(index: number, value: unknown): Column {
  const digits = isDigits(value);
  const numeric = digits || typeof value === 'number';
  const col: Column = {
    numeric,
    digits,
    numbers: numeric ? new GrowableFloat64(2) : undefined,
    values: numeric ? undefined : [],
    count: 0,
    fromRun: new GrowableInt32(),
    fromSample: new GrowableInt32(),
    lastStart: -2,
    end: index + 1,
    carry: true,
  };
  pushRun(col, index, digits ? Number(value) : value);
  return col;
}

/**
 * A string of 1 to 15 decimal digits without a leading zero: exactly the text String() gives back
 * for the number it spells (15 digits stay below 2^53).
 */
function isDigits(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 15) return false;
  if (value.length > 1 && value.charCodeAt(0) === 48) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function pushRun(col: Column, index: number, value: unknown): void {
  if (index !== col.lastStart + 1) {
    col.fromRun.push(col.count);
    col.fromSample.push(index);
  }
  col.lastStart = index;
  if (col.numbers) col.numbers.push(value as number);
  else col.values!.push(value);
  col.count++;
}

const lastRun = (col: Column): unknown =>
  col.numbers ? col.numbers.data[col.count - 1] : col.values![col.count - 1];

/** Writes `value` at `index`, after the carried value (or missing samples) up to there. */
export function writeAt(col: Column, index: number, value: unknown): void {
  if (col.end < index) {
    if (col.carry) col.end = index;
    else pad(col, index);
  }
  if (col.numeric) {
    if (!col.digits) {
      if (typeof value !== 'number') toGeneric(col);
    } else if (isDigits(value)) value = Number(value);
    else toGeneric(col);
  }
  // Object.is: NaN continues a run of NaN, and -0 is not taken for 0.
  if (!Object.is(value, lastRun(col))) pushRun(col, index, value);
  col.end = index + 1;
  col.carry = true;
}

/** Lets the spare capacity of the column's arrays go (more values may still come). */
export function trimColumn(col: Column): void {
  col.numbers?.trim();
  // A short array's slack is a few slots: not worth a copy.
  if (col.values && col.values.length > 64) col.values = col.values.slice();
  col.fromRun.trim();
  col.fromSample.trim();
}

/** The attribute left the report at `index`: its value held until there, and is missing after. */
export function stopCarrying(col: Column, index: number): void {
  if (col.end < index) col.end = index;
  col.carry = false;
}

function pad(col: Column, index: number): void {
  const missing = col.numeric ? Number.NaN : undefined;
  if (!Object.is(lastRun(col), missing)) pushRun(col, col.end, missing);
  col.end = index;
}

function toGeneric(col: Column): void {
  const digits = col.digits;
  col.numeric = false;
  col.digits = false;
  col.values = Array.from(col.numbers!.view(), (v) => (Number.isNaN(v) ? undefined : digits ? String(v) : v));
  col.numbers = undefined;
}

/** A run's value as recorded (the string of a digits column's number). */
const recordedValue = (col: Column, v: unknown): unknown =>
  col.digits && typeof v === 'number' && !Number.isNaN(v) ? String(v) : v;

/** The first recorded (non-missing) value. */
export const firstValue = (col: Column): unknown =>
  recordedValue(col, firstDefined(col.numbers ? col.numbers.view() : col.values!));

/** The last recorded (non-missing) value. */
export const lastValue = (col: Column): unknown =>
  recordedValue(col, lastDefined(col.numbers ? col.numbers.view() : col.values!));

/**
 * Calls `fill(from, to, k)` for each run k, over samples [from, to). Runs inside a stretch are
 * one sample long; the last run of a stretch lasts until the next stretch (or `end`).
 */
function forEachRun(col: Column, fill: (from: number, to: number, k: number) => void): void {
  const stretches = col.fromRun.length;
  const fromRun = col.fromRun.data;
  const fromSample = col.fromSample.data;
  for (let s = 0; s < stretches; s++) {
    const k0 = fromRun[s]!;
    const k1 = s + 1 < stretches ? fromRun[s + 1]! : col.count;
    const at = fromSample[s]! - k0;
    for (let k = k0; k < k1 - 1; k++) fill(at + k, at + k + 1, k);
    fill(at + k1 - 1, s + 1 < stretches ? fromSample[s + 1]! : col.end, k1 - 1);
  }
}

/**
 * The column as numbers over `size` samples (NaN where missing): one conversion per run (legacy
 * stats record numbers as strings; converting them was most of what reading a series cost).
 */
export function columnNumbers(col: Column, size: number): Float64Array {
  const out = new Float64Array(size);
  out.fill(Number.NaN, 0, col.fromSample.data[0]);
  let n = Number.NaN;
  const numbers = col.numbers?.data;
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    n = numbers ? numbers[k]! : toNumber(values![k]);
    // Plain loop rather than fill(): most runs of a changing counter are one sample long.
    for (let i = from; i < to; i++) out[i] = n;
  });
  out.fill(col.carry ? n : Number.NaN, col.end, size);
  return out;
}

/** The column as recorded over `size` samples (undefined where missing). */
export function columnValues(col: Column, size: number): unknown[] {
  const out: unknown[] = new Array(size).fill(undefined);
  let v: unknown;
  const numbers = col.numbers?.data;
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    if (numbers) {
      const n = numbers[k]!;
      v = Number.isNaN(n) ? undefined : col.digits ? String(n) : n;
    } else v = values![k];
    for (let i = from; i < to; i++) out[i] = v;
  });
  if (col.carry) out.fill(v, col.end, size);
  return out;
}
