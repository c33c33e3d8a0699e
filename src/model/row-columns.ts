import { GrowableInt32 } from './growable.js';
import { RunNumbers } from './run-numbers.js';

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
   * Values of all the runs of a numeric column once it has two (missing samples are a run of NaN),
   * packed (run-numbers.ts).
   */
  numbers: RunNumbers | undefined;
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
        col.numbers = new RunNumbers();
        col.numbers.push(col.first as number);
      }
      col.numbers.push(value as number);
    } else if (col.values) col.values.push(value);
    else col.values = [col.first, value];
  }
  col.lastStart = index;
  col.count = count + 1;
}

/** The value of the last run. */
const lastRun = (col: Column): unknown =>
  col.count === 1 ? col.first : col.numeric ? col.numbers!.last : col.values![col.count - 1];

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
  if (col.numbers) {
    const next = col.numbers.reader();
    col.values = Array.from({ length: col.numbers.length }, () => recorded(next()));
  }
  col.numbers = undefined;
}
