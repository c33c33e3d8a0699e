/** Numeric helpers over sample series. NaN marks a missing sample everywhere. */

export interface Distribution {
  avg: number;
  min: number;
  max: number;
  p5: number;
  p95: number;
  stddev: number;
  count: number;
}

/** Summary of the finite values, or undefined when there are none. */
export function distribution(values: ArrayLike<number>): Distribution | undefined {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) finite.push(v);
  }
  return distributionOf(finite);
}

/** Summary of values already known to be finite; the input is left untouched. */
export function distributionOf(values: ArrayLike<number>): Distribution | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  // A typed array sorts numerically without a JS comparator, several times faster on long series.
  // Short series are sorted in a reused one: a new typed array (memory outside the heap) per
  // distribution cost as much as sorting a few hundred values.
  const finite = n <= SORT_SPACE_MAX ? sortSpace(n) : new Float64Array(n);
  for (let i = 0; i < n; i++) finite[i] = values[i]!;
  finite.sort();
  // Indexed loops: for-of over a typed array costs several times more. Same order, same sums.
  let sum = 0;
  for (let i = 0; i < n; i++) sum += finite[i]!;
  const avg = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (finite[i]! - avg) ** 2;
  return {
    avg,
    min: finite[0]!,
    max: finite[n - 1]!,
    p5: quantileSorted(finite, 0.05),
    p95: quantileSorted(finite, 0.95),
    stddev: Math.sqrt(sq / n),
    count: n,
  };
}

const SORT_SPACE_MAX = 1 << 16;
let space = new Float64Array(1024);

/** The first `n` slots of the shared sorting space (callers use it before the next call). */
function sortSpace(n: number): Float64Array {
  if (space.length < n) space = new Float64Array(Math.min(SORT_SPACE_MAX, Math.max(n, 2 * space.length)));
  return space.subarray(0, n);
}

/** Linear-interpolated quantile of sorted values. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 1) return sorted[0]!;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function mean(values: ArrayLike<number>): number | undefined {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n === 0 ? undefined : sum / n;
}

export function max(values: ArrayLike<number>): number | undefined {
  let m = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i]! > m) m = values[i]!;
  return m === Number.NEGATIVE_INFINITY ? undefined : m;
}

export function min(values: ArrayLike<number>): number | undefined {
  let m = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i]! < m) m = values[i]!;
  return m === Number.POSITIVE_INFINITY ? undefined : m;
}

export function lastFinite(values: ArrayLike<number> | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i]!)) return values[i]!;
  return undefined;
}

export function firstFinite(values: ArrayLike<number> | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) return values[i]!;
  return undefined;
}

/**
 * Per-interval increase of a cumulative counter: out[i] = v[i] - v[i-1]. out[0] and intervals
 * with a missing end are NaN; decreases (counter resets when a stream is recreated) are NaN too.
 */
export function deltas(counter: ArrayLike<number>): Float64Array {
  const out = new Float64Array(counter.length).fill(Number.NaN);
  for (let i = 1; i < counter.length; i++) {
    const d = counter[i]! - counter[i - 1]!;
    if (d >= 0) out[i] = d;
  }
  return out;
}

/**
 * Rate of a counter per second, times `scale` (8/1000 turns bytes into kbit/s). Intervals with
 * no elapsed time (repeated samples) or a decreasing counter are NaN.
 */
export function ratePerSecond(counter: ArrayLike<number>, t: ArrayLike<number>, scale = 1): Float64Array {
  const out = new Float64Array(counter.length).fill(Number.NaN);
  for (let i = 1; i < counter.length; i++) {
    const dt = t[i]! - t[i - 1]!;
    const d = counter[i]! - counter[i - 1]!;
    if (dt > 0 && d >= 0) out[i] = (d * 1000 * scale) / dt;
  }
  return out;
}

/** Percent of `part` in `part + rest` per interval, from two counters (loss: lost vs received). */
export function intervalPercent(part: ArrayLike<number>, rest: ArrayLike<number>): Float64Array {
  const out = new Float64Array(part.length).fill(Number.NaN);
  for (let i = 1; i < part.length; i++) {
    const p = Math.max(0, part[i]! - part[i - 1]!);
    const r = rest[i]! - rest[i - 1]!;
    if (Number.isFinite(p) && Number.isFinite(r) && r >= 0 && p + r > 0) out[i] = (100 * p) / (p + r);
  }
  return out;
}

/** Ratio of two counters' increases per interval (e.g. decode time per decoded frame). */
export function intervalRatio(
  numerator: ArrayLike<number>,
  denominator: ArrayLike<number>,
  scale = 1,
): Float64Array {
  const out = new Float64Array(numerator.length).fill(Number.NaN);
  for (let i = 1; i < numerator.length; i++) {
    const n = numerator[i]! - numerator[i - 1]!;
    const d = denominator[i]! - denominator[i - 1]!;
    if (d > 0 && n >= 0) out[i] = (n / d) * scale;
  }
  return out;
}

export function scaled(values: ArrayLike<number>, factor: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * factor;
  return out;
}

/**
 * Values of a series sampled at other times: for each time in `at`, the last value recorded at or
 * before it (remote RTCP-based reports update on their own schedule).
 */
export function sampleAt(t: ArrayLike<number>, v: ArrayLike<number>, at: ArrayLike<number>): Float64Array {
  const out = new Float64Array(at.length).fill(Number.NaN);
  let j = -1;
  for (let i = 0; i < at.length; i++) {
    while (j + 1 < t.length && t[j + 1]! <= at[i]!) j++;
    if (j >= 0) out[i] = v[j]!;
  }
  return out;
}

/** Duration-weighted share (0..1) of samples for which `predicate` holds, per interval. */
export function timeShare(t: ArrayLike<number>, predicate: (i: number) => boolean): number | undefined {
  let total = 0;
  let hit = 0;
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]! - t[i - 1]!;
    if (!(dt > 0)) continue;
    total += dt;
    if (predicate(i)) hit += dt;
  }
  return total > 0 ? hit / total : undefined;
}

/** Appends every value; unlike push(...values) it cannot overflow the stack on long series. */
export function appendAll<T>(target: T[], values: Iterable<T>): void {
  for (const v of values) target.push(v);
}
