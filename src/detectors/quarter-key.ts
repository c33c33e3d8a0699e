/**
 * The key of the quarter second each time falls in, `Math.round(t / 250)`, counted from the first
 * quarter of `times` so that keys are small integers. Epoch milliseconds make quarters near 6.4e9,
 * past V8's small integers: each map key and lookup of the detectors that bin a connection's
 * samples by quarter second was a heap number. The keys compare as the quarters do: exact for
 * finite times under 1e15 ms (checked; past that, or with none finite, the quarters themselves),
 * and NaN or infinite times stay NaN or infinite.
 */
export function quarterKey(times: readonly ArrayLike<number>[]): (t: number) => number {
  let base: number | undefined;
  for (const t of times) {
    for (let i = 0; i < t.length; i++) {
      const v = t[i]!;
      if (!Number.isFinite(v)) continue;
      if (Math.abs(v) >= 1e15) return quarter;
      base ??= Math.round(v / 250);
    }
  }
  if (base === undefined) return quarter;
  const from = base;
  return (t) => Math.round(t / 250) - from;
}

const quarter = (t: number): number => Math.round(t / 250);
