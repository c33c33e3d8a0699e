/** Reading a stats column (row-columns.ts) back: its first and last values and its samples. */
import type { Column } from './row-columns.js';
import { firstDefined, lastDefined, toNumber } from './stats-report.js';

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
  const v = numbers.firstPresent;
  return Number.isNaN(v) ? undefined : recordedValue(col, v);
}

/** The last recorded (non-missing) value (see firstValue). */
export function lastValue(col: Column): unknown {
  if (col.count === 1) return onlyValue(col);
  const numbers = col.numbers;
  if (!numbers) return lastDefined(col.values!);
  const v = numbers.lastPresent;
  return Number.isNaN(v) ? undefined : recordedValue(col, v);
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
  const next = col.numbers?.reader();
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    n = single ? only : next ? next() : toNumber(values![k]);
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
  const next = col.numbers?.reader();
  const values = col.values;
  forEachRun(col, (from, to, k) => {
    const run = single ? col.first : next ? next() : values![k];
    if (col.numeric) {
      const n = run as number;
      v = Number.isNaN(n) ? undefined : col.digits ? String(n) : n;
    } else v = run;
    for (let i = from; i < to; i++) out[i] = v;
  });
  if (col.carry) out.fill(v, col.end, size);
  return out;
}

/**
 * columnNumbers at the sample indices `keep` (ascending) only, without the whole series. Reads runs
 * as columnNumbers does, inline: a shared run reader (a closure per column) looked a few percent
 * slower on the jitsi test dumps, whose views read columns in the thousands.
 */
export function columnNumbersAt(col: Column, keep: Int32Array): Float64Array {
  const out = new Float64Array(keep.length);
  let j = 0;
  while (j < keep.length && keep[j]! < col.firstSample) out[j++] = Number.NaN;
  let n = Number.NaN;
  const single = col.count === 1;
  const only = col.numeric ? (col.first as number) : toNumber(col.first);
  const next = col.numbers?.reader();
  const values = col.values;
  forEachRun(col, (_from, to, k) => {
    n = single ? only : next ? next() : toNumber(values![k]);
    while (j < keep.length && keep[j]! < to) out[j++] = n;
  });
  const tail = col.carry ? n : Number.NaN;
  while (j < keep.length) out[j++] = tail;
  return out;
}
