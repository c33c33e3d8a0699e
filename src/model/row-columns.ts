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
 *
 * A column's first run and first stretch are held in the column itself, and its arrays are only
 * made for a second: over the 17 jitsi test dumps 86 % of the 21 808 columns a pass have a single
 * run (ids, codecs, flags) and 94 % a single stretch, and making their arrays (small typed arrays
 * each, and the objects around them) was a tenth of reading the dumps' stats.
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
  /** The value of the first run (a number in a numeric column), the only one while `count` is 1. */
  first: unknown;
  /**
   * Values of all the runs of a numeric column once it has two (missing samples are a run of NaN).
   */
  numbers: GrowableFloat64 | undefined;
  /** Values of all the runs of any other column once it has two (missing samples: undefined). */
  values: unknown[] | undefined;
  /** Runs so far; neighbouring runs never hold the same value. */
  count: number;
  /** The first stretch starts at run 0, at this sample. */
  firstSample: number;
  /**
   * Stretch s + 1 starts at run `stretches[2s]`, at sample `stretches[2s + 1]`; each run of a
   * stretch but its last is one sample long. Undefined while there is one stretch.
   */
  stretches: GrowableInt32 | undefined;
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
    first: undefined,
    numbers: undefined,
    values: undefined,
    count: 0,
    firstSample: index,
    stretches: undefined,
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
  const count = col.count;
  if (count === 0) {
    col.firstSample = index;
    col.first = value;
  } else {
    if (index !== col.lastStart + 1) {
      col.stretches ??= new GrowableInt32();
      col.stretches.push(count);
      col.stretches.push(index);
    }
    if (col.numeric) {
      if (!col.numbers) {
        col.numbers = new GrowableFloat64();
        col.numbers.push(col.first as number);
      }
      col.numbers.push(value as number);
    } else if (col.values) col.values.push(value);
    else col.values = [col.first, value];
  }
  col.lastStart = index;
  col.count = count + 1;
}

/** The value of run k. */
const runAt = (col: Column, k: number): unknown =>
  col.count === 1 ? col.first : col.numeric ? col.numbers!.data[k] : col.values![k];

const lastRun = (col: Column): unknown => runAt(col, col.count - 1);

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
  col.stretches?.trim();
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
  const recorded = (v: number): unknown => (Number.isNaN(v) ? undefined : digits ? String(v) : v);
  col.first = recorded(col.first as number);
  if (col.numbers) col.values = Array.from(col.numbers.view(), recorded);
  col.numbers = undefined;
}

/** A run's value as recorded (the string of a digits column's number). */
const recordedValue = (col: Column, v: unknown): unknown =>
  col.digits && typeof v === 'number' && !Number.isNaN(v) ? String(v) : v;

/**
 * The first recorded (non-missing) value. A numeric column's runs are read in place: a view of
 * them (subarray) is an object to allocate, and its first one moves a small array off the heap;
 * `last` is read for every report by views and detectors.
 */
export function firstValue(col: Column): unknown {
  if (col.count === 1) return onlyValue(col);
  const numbers = col.numbers;
  if (!numbers) return firstDefined(col.values!);
  const data = numbers.data;
  for (let k = 0; k < numbers.length; k++) if (!Number.isNaN(data[k]!)) return recordedValue(col, data[k]);
  return undefined;
}

/** The last recorded (non-missing) value (see firstValue). */
export function lastValue(col: Column): unknown {
  if (col.count === 1) return onlyValue(col);
  const numbers = col.numbers;
  if (!numbers) return lastDefined(col.values!);
  const data = numbers.data;
  for (let k = numbers.length - 1; k >= 0; k--)
    if (!Number.isNaN(data[k]!)) return recordedValue(col, data[k]);
  return undefined;
}

/** The recorded value of a column of one run, or undefined when it is missing. */
function onlyValue(col: Column): unknown {
  const v = col.first;
  if (v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v))) return undefined;
  return recordedValue(col, v);
}

/**
 * Calls `fill(from, to, k)` for each run k, over samples [from, to). Runs inside a stretch are
 * one sample long; the last run of a stretch lasts until the next stretch (or `end`).
 */
function forEachRun(col: Column, fill: (from: number, to: number, k: number) => void): void {
  const n = col.stretches ? col.stretches.length : 0;
  const pairs = col.stretches?.data;
  let k0 = 0;
  let from = col.firstSample;
  for (let s = 0; ; s += 2) {
    const last = s >= n;
    const k1 = last ? col.count : pairs![s]!;
    const to = last ? col.end : pairs![s + 1]!;
    const at = from - k0;
    for (let k = k0; k < k1 - 1; k++) fill(at + k, at + k + 1, k);
    fill(at + k1 - 1, to, k1 - 1);
    if (last) return;
    k0 = k1;
    from = to;
  }
}

/**
 * The column as numbers over `size` samples (NaN where missing): one conversion per run (legacy
 * stats record numbers as strings; converting them was most of what reading a series cost).
 */
export function columnNumbers(col: Column, size: number): Float64Array {
  const out = new Float64Array(size);
  out.fill(Number.NaN, 0, col.firstSample);
  let n = Number.NaN;
  const single = col.count === 1;
  const only = col.numeric ? (col.first as number) : toNumber(col.first);
  const numbers = col.numbers?.data;
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    n = single ? only : numbers ? numbers[k]! : toNumber(values![k]);
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
  const single = col.count === 1;
  const numbers = col.numbers?.data;
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    const run = single ? col.first : numbers ? numbers[k]! : values![k];
    if (col.numeric) {
      const n = run as number;
      v = Number.isNaN(n) ? undefined : col.digits ? String(n) : n;
    } else v = run;
    for (let i = from; i < to; i++) out[i] = v;
  });
  if (col.carry) out.fill(v, col.end, size);
  return out;
}
