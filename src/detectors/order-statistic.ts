/**
 * The k-th smallest (from 0) of `values`, none NaN: what `[...values].sort((a, b) => a - b)[k]`
 * reads, without sorting. Quantile baselines (the quietest quarter of a call's jitter, the tenth
 * percentile of its round trips) sorted every sample with a comparator call per step: half of
 * what building the received congestion signal cost. Selection is linear on average (Hoare's partition around a
 * median of three); a partition that keeps failing to shrink the range, as crafted input can make
 * it, hands what is left to a typed-array sort, so the worst case stays n log n.
 *
 * 0 and -0 compare equal, as in the comparator sort: which of the two is returned may differ.
 */
export function kthSmallest(values: ArrayLike<number>, k: number): number {
  if (!(k >= 0 && k < values.length)) return Number.NaN;
  const a = Float64Array.from(values);
  let lo = 0;
  let hi = a.length - 1;
  let rounds = 2 * Math.ceil(Math.log2(a.length + 1)) + 4;
  while (hi > lo) {
    if (rounds-- === 0) return a.subarray(lo, hi + 1).sort()[k - lo]!;
    const pivot = medianOfThree(a[lo]!, a[(lo + hi) >> 1]!, a[hi]!);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const v = a[i]!;
        a[i] = a[j]!;
        a[j] = v;
        i++;
        j--;
      }
    }
    // [lo, j] holds values <= pivot, [i, hi] values >= pivot, and anything between equals it.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

const medianOfThree = (x: number, y: number, z: number): number =>
  x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
