import { toNumber } from './stats-report.js';

/**
 * One attribute of a RowStatsReport, as runs of one value: run k holds `runs[k]` from sample
 * `at[k]` up to the next run's first sample, the last one up to `end`. Most attributes change in
 * few polls (ids, codecs, flags, rarely updated counters), so a long call costs a slot per change
 * rather than one per poll: a 100 MB jitsi dump kept 8.8 million slots for 1.5 million runs.
 */
export interface Column {
  /** Every value so far was a number (or, with `digits`, a string of decimal digits): runs hold numbers. */
  numeric: boolean;
  /**
   * The values were strings of decimal digits (legacy goog stats record every counter so), held as
   * the numbers they spell: a number in an array takes 8 bytes where a short string took about 32,
   * and a long legacy call keeps millions of them until its connection is normalized. Read back
   * as the same strings.
   */
  digits: boolean;
  /** First sample of each run, ascending; `at[0]` is the first sample the column has a value for. */
  readonly at: number[];
  /** Value of each run, never the same as its neighbour's; missing samples are a run of NaN (numeric) or undefined. */
  runs: unknown[];
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
  return {
    numeric: digits || typeof value === 'number',
    digits,
    at: [index],
    runs: [digits ? Number(value) : value],
    end: index + 1,
    carry: true,
  };
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
  if (!Object.is(value, col.runs[col.runs.length - 1])) {
    col.at.push(index);
    col.runs.push(value);
  }
  col.end = index + 1;
  col.carry = true;
}

/** The attribute left the report at `index`: its value held until there, and is missing after. */
export function stopCarrying(col: Column, index: number): void {
  if (col.end < index) col.end = index;
  col.carry = false;
}

function pad(col: Column, index: number): void {
  const missing = col.numeric ? Number.NaN : undefined;
  if (!Object.is(col.runs[col.runs.length - 1], missing)) {
    col.at.push(col.end);
    col.runs.push(missing);
  }
  col.end = index;
}

function toGeneric(col: Column): void {
  const digits = col.digits;
  col.numeric = false;
  col.digits = false;
  col.runs = col.runs.map((v) => (Number.isNaN(v) ? undefined : digits ? String(v) : v));
}

/** A run's value as recorded (the string of a digits column's number). */
export const recordedValue = (col: Column, v: unknown): unknown =>
  col.digits && typeof v === 'number' && !Number.isNaN(v) ? String(v) : v;

/**
 * The column as numbers over `size` samples (NaN where missing): one conversion per run (legacy
 * stats record numbers as strings; converting them was most of what reading a series cost).
 */
export function columnNumbers(col: Column, size: number): Float64Array {
  const out = new Float64Array(size);
  const { at, runs, end } = col;
  out.fill(Number.NaN, 0, at[0]);
  let n = Number.NaN;
  // Plain loops rather than fill(): most runs of a changing counter are one sample long.
  for (let k = 0; k < runs.length; k++) {
    n = col.numeric ? (runs[k] as number) : toNumber(runs[k]);
    const to = k + 1 < at.length ? at[k + 1]! : end;
    for (let i = at[k]!; i < to; i++) out[i] = n;
  }
  out.fill(col.carry ? n : Number.NaN, end, size);
  return out;
}

/** The column as recorded over `size` samples (undefined where missing). */
export function columnValues(col: Column, size: number): unknown[] {
  const out: unknown[] = new Array(size).fill(undefined);
  const { at, runs, end } = col;
  let v: unknown;
  for (let k = 0; k < runs.length; k++) {
    v = runs[k];
    if (col.numeric && Number.isNaN(v)) v = undefined;
    else if (col.digits) v = String(v);
    const to = k + 1 < at.length ? at[k + 1]! : end;
    for (let i = at[k]!; i < to; i++) out[i] = v;
  }
  if (col.carry) out.fill(v, end, size);
  return out;
}
