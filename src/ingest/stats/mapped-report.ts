import { numbersAt, timestampsAt, timestampsOnce } from '../../model/sampled-report.js';
import type { StatsReport } from '../../model/stats-report.js';
import { toNumber } from '../../model/stats-report.js';

/** Where a mapped attribute comes from. */
export type AttributeSource =
  /** `min`: values below it are placeholders (legacy stats' -1 for "not measured yet"), read as missing. */
  | { from: string; scale?: number; min?: number }
  | { from: string; map: (value: unknown) => unknown }
  | { constant: unknown }
  | { derive: (base: StatsReport) => ArrayLike<unknown> | undefined };

/**
 * A view of a report under another id and type, with attributes renamed, scaled or derived:
 * how legacy (goog) and early standard stats are presented as today's standard types without
 * copying their series. Attributes not listed pass through under their own names.
 */
export class MappedStatsReport implements StatsReport {
  readonly id: string;
  readonly type: string;
  readonly #base: StatsReport;
  readonly #map: ReadonlyMap<string, AttributeSource>;
  readonly #hidden: ReadonlySet<string>;

  readonly #passThrough: boolean;
  /**
   * Mapped, scaled and derived series, computed once: analysis asks for the same attribute many
   * times (`last` reads the whole series). Shared like any report's arrays: not to be modified.
   */
  readonly #values = new Map<string, ArrayLike<unknown> | undefined>();
  readonly #numbers = new Map<string, ArrayLike<number> | undefined>();

  /** `passThrough: false` exposes only the mapped attributes. */
  constructor(
    id: string,
    type: string,
    base: StatsReport,
    map: Record<string, AttributeSource>,
    passThrough = true,
  ) {
    this.id = id;
    this.type = type;
    this.#base = base;
    this.#map = new Map(Object.entries(map));
    this.#passThrough = passThrough;
    const hidden = new Set<string>();
    for (const src of this.#map.values()) if ('from' in src) hidden.add(src.from);
    this.#hidden = hidden;
  }

  #passes(attribute: string): boolean {
    return this.#passThrough && !this.#hidden.has(attribute);
  }

  get size(): number {
    return this.#base.size;
  }

  get timestamps(): ArrayLike<number> {
    return this.#base.timestamps;
  }

  has(attribute: string): boolean {
    const src = this.#map.get(attribute);
    if (src) return this.#available(attribute, src);
    return this.#passes(attribute) && this.#base.has(attribute);
  }

  #available(attribute: string, src: AttributeSource): boolean {
    if ('constant' in src) return true;
    if ('derive' in src) return this.values(attribute) !== undefined;
    return this.#base.has(src.from);
  }

  *attributes(): Iterable<string> {
    for (const [name, src] of this.#map) if (this.#available(name, src)) yield name;
    if (!this.#passThrough) return;
    for (const name of this.#base.attributes())
      if (!this.#hidden.has(name) && !this.#map.has(name)) yield name;
  }

  numbers(attribute: string): ArrayLike<number> | undefined {
    const src = this.#map.get(attribute);
    if (!src) return this.#passes(attribute) ? this.#base.numbers(attribute) : undefined;
    if (this.#numbers.has(attribute)) return this.#numbers.get(attribute);
    const out = this.#mappedNumbers(attribute, src);
    this.#numbers.set(attribute, out);
    return out;
  }

  timestampsOnce(): ArrayLike<number> {
    return timestampsOnce(this.#base);
  }

  timestampsAt(keep: Int32Array): Float64Array {
    return timestampsAt(this.#base, keep);
  }

  /**
   * numbers() at the samples `keep` (see StatsReport.numbersAt): attributes read from one base
   * attribute, scaled or not, without the whole series; mapped, derived and constant ones from it.
   */
  numbersAt(attribute: string, keep: Int32Array): ArrayLike<number> | undefined {
    const src = this.#map.get(attribute);
    if (!src) return this.#passes(attribute) ? numbersAt(this.#base, attribute, keep) : undefined;
    if (!('from' in src) || 'map' in src) {
      // Read whole but not kept: a long report's series is what reading at `keep` avoids holding.
      const all =
        this.#numbers.get(attribute) ?? this.#values.get(attribute) ?? this.#mappedValues(attribute, src);
      if (!all) return undefined;
      const out = new Float64Array(keep.length);
      for (let i = 0; i < keep.length; i++) out[i] = toNumber(all[keep[i]!]);
      return out;
    }
    const at = numbersAt(this.#base, src.from, keep);
    return at && scaled(at, src);
  }

  #mappedNumbers(attribute: string, src: AttributeSource): ArrayLike<number> | undefined {
    if ('constant' in src) return new Float64Array(this.size).fill(toNumber(src.constant));
    if ('map' in src || 'derive' in src) {
      const values = this.values(attribute);
      if (!values) return undefined;
      const out = new Float64Array(values.length);
      for (let i = 0; i < values.length; i++) out[i] = toNumber(values[i]);
      return out;
    }
    const base = this.#base.numbers(src.from);
    return base && scaled(base, src);
  }

  values(attribute: string): ArrayLike<unknown> | undefined {
    const src = this.#map.get(attribute);
    if (!src) return this.#passes(attribute) ? this.#base.values(attribute) : undefined;
    if (this.#values.has(attribute)) return this.#values.get(attribute);
    const out = this.#mappedValues(attribute, src);
    this.#values.set(attribute, out);
    return out;
  }

  #mappedValues(attribute: string, src: AttributeSource): ArrayLike<unknown> | undefined {
    if ('constant' in src) return new Array(this.size).fill(src.constant);
    if ('derive' in src) return src.derive(this.#base);
    if ('map' in src) {
      const base = this.#base.values(src.from);
      return base
        ? seriesOf(base.length, (i) => (base[i] === undefined ? undefined : src.map(base[i])))
        : undefined;
    }
    if (src.scale !== undefined || src.min !== undefined) return this.numbers(attribute);
    return this.#base.values(src.from);
  }

  first(attribute: string): unknown {
    const src = this.#map.get(attribute);
    if (!src) return this.#passes(attribute) ? this.#base.first(attribute) : undefined;
    return this.#edge(attribute, src, true);
  }

  last(attribute: string): unknown {
    const src = this.#map.get(attribute);
    if (!src) return this.#passes(attribute) ? this.#base.last(attribute) : undefined;
    return this.#edge(attribute, src, false);
  }

  /**
   * First or last present value of a mapped attribute. Analysis reads `last` of many attributes
   * it never reads whole (candidate types, ids, kinds): mapping every sample of a long series to
   * keep one value cost more than anything else in the computed views of legacy dumps. Constants
   * and renamed or mapped attributes are read from the ends of the base series instead, with the
   * same result as scanning the mapped series.
   */
  #edge(attribute: string, src: AttributeSource, fromStart: boolean): unknown {
    if (this.#values.has(attribute) || 'derive' in src) {
      const values = this.values(attribute);
      return fromStart ? firstOf(values) : lastOf(values);
    }
    if ('constant' in src) return this.size > 0 && isPresent(src.constant) ? src.constant : undefined;
    if ('map' in src) {
      // The last value: the base's own, when it maps to a present one and the values after it
      // (missing, null) could not (see skipsAbsent). Candidate reports are read so for a few
      // attributes each, and building their whole series was most of what reading them cost.
      if (!fromStart && skipsAbsent(src.map)) {
        const last = this.#base.last(src.from);
        if (last === undefined) return undefined;
        const mapped = src.map(last);
        if (isPresent(mapped)) return mapped;
      }
      const base = this.#base.values(src.from);
      if (!base) return undefined;
      const n = base.length;
      for (let k = 0; k < n; k++) {
        const v = base[fromStart ? k : n - 1 - k];
        if (v === undefined) continue;
        const mapped = src.map(v);
        if (isPresent(mapped)) return mapped;
      }
      return undefined;
    }
    if (src.scale === undefined && src.min === undefined) {
      // Renamed: the base's own last value, which reports read without expanding the series (a
      // legacy counter's is strings rebuilt from numbers, one per sample). Not `first`: a
      // webrtc-internals report's values start where its times do, and its `first` looks earlier.
      if (!fromStart) return this.#base.last(src.from);
      return firstOf(this.#base.values(src.from));
    }
    const values = this.numbers(attribute);
    return fromStart ? firstOf(values) : lastOf(values);
  }
}

function firstOf(values: ArrayLike<unknown> | undefined): unknown {
  if (!values) return undefined;
  for (let i = 0; i < values.length; i++) if (isPresent(values[i])) return values[i];
  return undefined;
}

function lastOf(values: ArrayLike<unknown> | undefined): unknown {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (isPresent(values[i])) return values[i];
  return undefined;
}

/**
 * Whether `map` turns the values `last` passes over (null, NaN) into absent ones: then the last
 * value that maps to a present one is the base's last, when that one does. Asked once per function.
 */
const absentSkippers = new WeakMap<(value: unknown) => unknown, boolean>();
function skipsAbsent(map: (value: unknown) => unknown): boolean {
  let skips = absentSkippers.get(map);
  if (skips === undefined) {
    skips = !isPresent(map(null)) && !isPresent(map(Number.NaN));
    absentSkippers.set(map, skips);
  }
  return skips;
}

function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && !(typeof v === 'number' && Number.isNaN(v));
}

/**
 * `Array.from({ length }, (_, i) => f(i))` without the array-like iteration protocol, which
 * costs several times the mapping itself on long series.
 */
export function seriesOf(length: number, f: (i: number) => unknown): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) out.push(f(i));
  return out;
}

/** `series` with `src`'s scale and floor applied (itself when it has neither). */
function scaled(series: ArrayLike<number>, src: { scale?: number; min?: number }): ArrayLike<number> {
  if (src.scale === undefined && src.min === undefined) return series;
  const scale = src.scale ?? 1;
  const min = src.min ?? Number.NEGATIVE_INFINITY;
  const out = new Float64Array(series.length);
  for (let i = 0; i < series.length; i++) out[i] = series[i]! < min ? Number.NaN : series[i]! * scale;
  return out;
}
