import type { StatsReport } from '../model/stats-report.js';
import { firstIndexWhere } from './series-math.js';

/**
 * Reads one string attribute of a report at many times: `at(time)` is its first non-empty value
 * recorded at or after `time`, else its last one, as a scan from the first sample would find.
 * The scan ran once per change of the selected pair, over the whole series: quadratic when a dump
 * switches pairs at every poll. Here the valid samples are listed once with the running maximum of
 * their times, which never decreases (whatever order the dump wrote its times in), so the first
 * of them to reach `time` is found by bisection.
 */
export function stringsAt(r: StatsReport, attribute: string): (time: number) => string | undefined {
  const values = r.values(attribute);
  const last = r.last(attribute);
  const fallback = typeof last === 'string' ? last : undefined;
  if (!values) return () => undefined;
  const found: string[] = [];
  const reached: number[] = [];
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'string' || v === '') continue;
    const t = r.timestamps[i]!;
    if (t > max) max = t;
    found.push(v);
    reached.push(max);
  }
  return (time) => {
    const k = firstIndexWhere(reached.length, (i) => reached[i]! >= time);
    return k < found.length ? found[k] : fallback;
  };
}

export type StringAt = (r: StatsReport, attribute: string, time: number) => string | undefined;

/** `stringsAt` of any report and attribute, each built when first asked for and kept by the caller. */
export function stringReaders(): StringAt {
  const built = new Map<StatsReport, Map<string, (time: number) => string | undefined>>();
  return (r, attribute, time) => {
    let byAttribute = built.get(r);
    if (!byAttribute) {
      byAttribute = new Map();
      built.set(r, byAttribute);
    }
    let read = byAttribute.get(attribute);
    if (!read) {
      read = stringsAt(r, attribute);
      byAttribute.set(attribute, read);
    }
    return read(time);
  };
}
