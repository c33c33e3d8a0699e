import { firstDefined, lastDefined, type StatsReport, toNumber } from './stats-report.js';

/** One attribute series as webrtc-internals stores it: a JSON array, usually encoded in a string. */
export interface RawSeries {
  /** The recorded `values`: a JSON text (normal case) or an already decoded array. */
  values: string | readonly unknown[];
  /**
   * The series' first and last sample times as recorded (ISO text). Kept as text: they are read
   * only to space samples of dumps from before Chrome 117, which have no timestamp series, and
   * parsing two dates per series cost about 4 % of reading a recent dump.
   */
  startTime?: unknown;
  endTime?: unknown;
}

/**
 * A stats report stored column by column (webrtc-internals). Attribute series are decoded on
 * first use: most reports carry attributes no analysis reads, and decoding `values` strings is
 * the dominant cost of reading a dump.
 *
 * Series of one report can differ in length (rate series start a poll late, attributes appear
 * late); each is aligned to the timestamps from the end, as Chrome appends to all series of a
 * report at the same poll.
 */
export class ColumnarStatsReport implements StatsReport {
  readonly id: string;
  readonly type: string;
  readonly timestamps: ArrayLike<number>;
  readonly #raw: Map<string, RawSeries>;
  readonly #decoded = new Map<string, readonly unknown[] | null>();
  readonly #numbers = new Map<string, ArrayLike<number>>();
  /** Attributes whose `values` could not be decoded; reported once by ingest. */
  readonly invalid: string[] = [];

  constructor(id: string, type: string, raw: Map<string, RawSeries>, timestamps: ArrayLike<number>) {
    this.id = id;
    this.type = type;
    this.#raw = raw;
    this.timestamps = timestamps;
  }

  get size(): number {
    return this.timestamps.length;
  }

  has(attribute: string): boolean {
    return this.#raw.has(attribute);
  }

  attributes(): Iterable<string> {
    return this.#raw.keys();
  }

  numbers(attribute: string): ArrayLike<number> | undefined {
    const cached = this.#numbers.get(attribute);
    if (cached) return cached;
    const decoded = this.#decode(attribute);
    if (!decoded) return undefined;
    const out = alignNumbers(decoded, this.size);
    this.#numbers.set(attribute, out);
    return out;
  }

  values(attribute: string): ArrayLike<unknown> | undefined {
    const decoded = this.#decode(attribute);
    if (!decoded) return undefined;
    return alignValues(decoded, this.size);
  }

  first(attribute: string): unknown {
    const decoded = this.#decode(attribute);
    return decoded ? firstDefined(decoded) : undefined;
  }

  last(attribute: string): unknown {
    const decoded = this.#decode(attribute);
    return decoded ? lastDefined(decoded) : undefined;
  }

  #decode(attribute: string): readonly unknown[] | undefined {
    const known = this.#decoded.get(attribute);
    if (known !== undefined) return known ?? undefined;
    const raw = this.#raw.get(attribute);
    if (!raw) return undefined;
    const decoded = decodeSeries(raw.values);
    if (!decoded) this.invalid.push(attribute);
    this.#decoded.set(attribute, decoded);
    return decoded ?? undefined;
  }
}

/** Decodes a `values` field; null when it is not a JSON array. */
export function decodeSeries(values: string | readonly unknown[]): readonly unknown[] | null {
  if (typeof values !== 'string') return Array.isArray(values) ? values : null;
  try {
    const parsed: unknown = JSON.parse(values);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function alignNumbers(decoded: readonly unknown[], size: number): ArrayLike<number> {
  const offset = size - decoded.length;
  if (offset === 0 && decoded.every(isFiniteNumber)) return decoded as readonly number[];
  const out = new Float64Array(size).fill(Number.NaN);
  const from = Math.max(0, -offset);
  for (let i = from; i < decoded.length; i++) out[i + offset] = toNumber(decoded[i]);
  return out;
}

function alignValues(decoded: readonly unknown[], size: number): ArrayLike<unknown> {
  const offset = size - decoded.length;
  if (offset === 0) return decoded;
  if (offset < 0) return decoded.slice(-offset);
  const out: unknown[] = new Array(size).fill(undefined);
  for (let i = 0; i < decoded.length; i++) out[i + offset] = decoded[i];
  return out;
}

function isFiniteNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v);
}
