/**
 * The tests behind `compare`: a two-proportion z-test for shares, a Mann-Whitney U test for score
 * distributions (on the binned values: sessions in one bin are ties), both two-sided with the
 * normal approximation, and Benjamini-Hochberg across every test of one answer.
 */

/** Fewer sessions than this on either side: no test (too few to say anything). */
export const MIN_COUNT = 30;
/** Shares: fewer sessions with the feature than this on both sides together: no test. */
export const MIN_EVENTS = 5;
/** False discovery rate of an answer's `significant` flags (Benjamini-Hochberg). */
export const ALPHA = 0.05;

/** erfc(x), Numerical Recipes' Chebyshev fit: fractional error below 1.2e-7 everywhere. */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Two-sided p-value of a standard normal statistic. */
export function twoSidedP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

export interface TestResult {
  z: number;
  pValue: number;
}

/** Two-proportion z-test (pooled): x1 of n1 against x2 of n2; z > 0 when the second share is larger. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): TestResult {
  const p = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return { z: 0, pValue: 1 };
  const z = (x2 / n2 - x1 / n1) / se;
  return { z, pValue: twoSidedP(z) };
}

export interface MannWhitney extends TestResult {
  /** U of the second sample: how often its value is above the first's (ties count half). */
  u: number;
  /** u / (n1 n2): the chance that a session of the second sample scores above one of the first. */
  superiority: number;
}

/**
 * Mann-Whitney U from two histograms over the same bins (bin index -> count): midranks for ties,
 * the tie-corrected variance and a continuity correction of 0.5. z > 0 when the second sample
 * tends to be larger.
 */
export function mannWhitney(a: Record<string, number>, b: Record<string, number>): MannWhitney {
  const bins = [...new Set([...Object.keys(a), ...Object.keys(b)])].map(Number).sort((x, y) => x - y);
  let n1 = 0;
  let n2 = 0;
  for (const bin of bins) {
    n1 += a[bin] ?? 0;
    n2 += b[bin] ?? 0;
  }
  const n = n1 + n2;
  let below = 0;
  let rankSum2 = 0;
  let ties = 0;
  for (const bin of bins) {
    const ca = a[bin] ?? 0;
    const cb = b[bin] ?? 0;
    const t = ca + cb;
    rankSum2 += cb * (below + (t + 1) / 2);
    ties += t * t * t - t;
    below += t;
  }
  const u = rankSum2 - (n2 * (n2 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = n > 1 ? ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1))) : 0;
  const superiority = n1 * n2 > 0 ? u / (n1 * n2) : 0.5;
  if (!(variance > 0)) return { u, superiority, z: 0, pValue: 1 };
  const d = u - mean;
  const z = (Math.sign(d) * Math.max(0, Math.abs(d) - 0.5)) / Math.sqrt(variance);
  return { u, superiority, z, pValue: twoSidedP(z) };
}

/**
 * Benjamini-Hochberg: which of the p-values are discoveries at false discovery rate `alpha`
 * (the largest k with p(k) <= k/m alpha, and every p-value up to it).
 */
export function benjaminiHochberg(pValues: readonly number[], alpha = ALPHA): boolean[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  let cut = -1;
  order.forEach(([p], k) => {
    if (p <= ((k + 1) / m) * alpha) cut = k;
  });
  const out = new Array<boolean>(m).fill(false);
  for (let k = 0; k <= cut; k++) out[order[k]![1]] = true;
  return out;
}
