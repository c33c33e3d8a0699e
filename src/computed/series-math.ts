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

/**
 * Summary of values already known to be finite; the input is left untouched. Order statistics by
 * selection (quickselect) rather than a full sort: p5 and p95 need 4 ranks, found in about 3n
 * steps where a sort takes n log n (the payload's distributions were its largest single cost).
 */
export function distributionOf(values: ArrayLike<number>): Distribution | undefined {
  return summarize(values, 0, false);
}

/**
 * distributionOf over the finite values of `values` from index `from` on, read in place: the same
 * figures as collecting them into an array first, without the array.
 */
export function finiteDistribution(values: ArrayLike<number>, from = 0): Distribution | undefined {
  return summarize(values, Math.max(0, from), true);
}

function summarize(values: ArrayLike<number>, from: number, finiteOnly: boolean): Distribution | undefined {
  const length = values.length - from;
  if (length <= 0) return undefined;
  // Selection works on a copy; short series reuse one typed array (a new one per distribution,
  // memory outside the heap, cost as much as the work itself on a few hundred values).
  const work = length <= WORK_SPACE_MAX ? workSpace(length) : new Float64Array(length);
  let n = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = from; i < values.length; i++) {
    const v = values[i]!;
    if (finiteOnly && !Number.isFinite(v)) continue;
    work[n++] = v;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (n === 0) return undefined;
  const avg = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (work[i]! - avg) ** 2;
  return {
    avg,
    min,
    max,
    p5: quantileSelect(work, n, 0.05),
    p95: quantileSelect(work, n, 0.95),
    stddev: Math.sqrt(sq / n),
    count: n,
  };
}

const WORK_SPACE_MAX = 1 << 16;
let space = new Float64Array(1024);

/** The first `n` slots of the shared work space (callers use it before the next call). */
function workSpace(n: number): Float64Array {
  if (space.length < n) space = new Float64Array(Math.min(WORK_SPACE_MAX, Math.max(n, 2 * space.length)));
  return space.subarray(0, n);
}

/**
 * The linear-interpolated quantile `q` of the first `n` values of `a` (at position (n - 1) * q of
 * their sorted order), by selection: `a` is reordered (ranks below the quantile's end up before it,
 * the others after).
 */
function quantileSelect(a: Float64Array, n: number, q: number): number {
  if (n === 1) return a[0]!;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos);
  const low = select(a, 0, n - 1, lo);
  if (lo === pos) return low;
  // The next rank is the smallest value after position lo.
  let high = a[lo + 1]!;
  for (let i = lo + 2; i < n; i++) if (a[i]! < high) high = a[i]!;
  return low + (high - low) * (pos - lo);
}

/**
 * The k-th smallest (from 0) of `values`, none NaN: what `[...values].sort((a, b) => a - b)[k]`
 * reads, by selection on a copy (quantile baselines of the detectors: the quietest quarter of a
 * call's jitter, the tenth percentile of its round trips). 0 and -0 compare equal, as in the
 * comparator sort: which of the two is returned may differ.
 */
export function kthSmallest(values: ArrayLike<number>, k: number): number {
  if (!(k >= 0 && k < values.length)) return Number.NaN;
  return select(Float64Array.from(values), 0, values.length - 1, k);
}

/**
 * The value of rank `k` in a[left..right] (Hoare's selection, median-of-three pivots): linear on
 * average; a partition that keeps failing to shrink the range, as crafted input can make it, hands
 * what is left to a typed-array sort, so the worst case stays n log n.
 */
function select(a: Float64Array, left: number, right: number, k: number): number {
  let rounds = 2 * Math.ceil(Math.log2(right - left + 2)) + 4;
  while (right > left) {
    if (rounds-- === 0) return a.subarray(left, right + 1).sort()[k - left]!;
    const mid = (left + right) >> 1;
    // Median of three, so that sorted and constant runs (common in stats) stay linear.
    if (a[mid]! < a[left]!) swap(a, mid, left);
    if (a[right]! < a[left]!) swap(a, right, left);
    if (a[right]! < a[mid]!) swap(a, right, mid);
    const pivot = a[mid]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return a[k]!;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
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

/**
 * The smallest value above zero (a resolution's minimum leaves out the zeros of stopped video).
 * One loop, not `min(values.filter(...))`: a typed array's filter calls back per sample and copies.
 */
export function minPositive(values: ArrayLike<number>): number | undefined {
  let m = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > 0 && v < m) m = v;
  }
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
 * before it (remote RTCP-based reports update on their own schedule), times `factor` (what
 * scaled() of the result gives, without a second array: most sampled series are then scaled).
 */
export function sampleAt(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  at: ArrayLike<number>,
  factor = 1,
): Float64Array {
  const out = new Float64Array(at.length).fill(Number.NaN);
  let j = -1;
  for (let i = 0; i < at.length; i++) {
    while (j + 1 < t.length && t[j + 1]! <= at[i]!) j++;
    if (j >= 0) out[i] = v[j]! * factor;
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
  // Arrays by index: for-of allocated an iterator result per value where it was not optimized.
  if (Array.isArray(values)) for (let i = 0; i < values.length; i++) target.push(values[i] as T);
  else for (const v of values) target.push(v);
}

/**
 * The first index in [0, length) where `holds` is true, or `length` when it never is. `holds` must
 * stay true from that index on (a sorted condition): it is found by bisection.
 */
export function firstIndexWhere(length: number, holds: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Whether sample times never go back (a NaN anywhere counts as out of order). */
export function timesInOrder(t: ArrayLike<number>): boolean {
  for (let i = 0; i < t.length; i++)
    if (!(t[i]! >= (i > 0 ? t[i - 1]! : Number.NEGATIVE_INFINITY))) return false;
  return true;
}
