import { toNumber } from './stats-report.js';

/** One attribute of a RowStatsReport: its values from sample `start` on. */
export interface Column {
  /** Index of the first sample this column has a slot for. */
  readonly start: number;
  numeric: boolean;
  data: unknown[];
  /**
   * The attribute was in the last appended report: the slots after `data` hold its last value
   * until the next change. Carried slots are written only when the value changes (and read as
   * the last value), so a poll that changes 2 of 30 attributes costs 2 writes, not 30.
   */
  carry: boolean;
}

/**
 * The column as numbers over `size` samples (NaN where missing). Plain indexed loops, and one
 * conversion per run of the same recorded string (legacy stats record numbers as strings, and
 * carried values repeat): converting was most of what reading a series cost.
 */
export function columnNumbers(col: Column, size: number): Float64Array {
  const out = new Float64Array(size);
  const { data, start } = col;
  const end = start + data.length;
  for (let i = 0; i < start; i++) out[i] = Number.NaN;
  if (col.numeric) for (let i = start; i < end; i++) out[i] = data[i - start] as number;
  else {
    let last: unknown;
    let n = Number.NaN;
    for (let i = start; i < end; i++) {
      const v = data[i - start];
      if (v !== last || i === start) {
        n = toNumber(v);
        last = v;
      }
      out[i] = n;
    }
  }
  const tail = col.carry && data.length > 0 ? out[end - 1]! : Number.NaN;
  for (let i = end; i < size; i++) out[i] = tail;
  return out;
}

/** The column as recorded over `size` samples (undefined where missing). */
export function columnValues(col: Column, size: number): unknown[] {
  const out: unknown[] = new Array(size);
  const { data, start } = col;
  const end = start + data.length;
  for (let i = 0; i < start; i++) out[i] = undefined;
  if (col.numeric)
    for (let i = start; i < end; i++) {
      const v = data[i - start];
      out[i] = Number.isNaN(v) ? undefined : v;
    }
  else for (let i = start; i < end; i++) out[i] = data[i - start];
  const tail = col.carry && data.length > 0 ? out[end - 1] : undefined;
  for (let i = end; i < size; i++) out[i] = tail;
  return out;
}

/** Repeats the column's last value up to (not including) `index`. */
export function fill(col: Column, index: number): void {
  const v = col.data[col.data.length - 1];
  while (col.start + col.data.length < index) col.data.push(v);
}

export function pad(col: Column, index: number): void {
  const missing = col.numeric ? Number.NaN : undefined;
  while (col.start + col.data.length < index) col.data.push(missing);
}

export function toGeneric(col: Column): void {
  col.numeric = false;
  col.data = col.data.map((v) => (Number.isNaN(v) ? undefined : v));
}
