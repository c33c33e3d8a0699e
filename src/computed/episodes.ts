/**
 * Episodes: the sustained stretches of a time series above a limit. A finding is dated at the
 * onset of its first episode, not at the first sample over the line: one noisy interval in the
 * first seconds is a blip, and a problem that starts half-way through the call starts half-way.
 */

export interface Episode {
  /** Onset: the start of the first interval above the limit, epoch ms. */
  start: number;
  /** The last sample above the limit, epoch ms. */
  end: number;
  /** The worst value in the stretch, and when it was measured. */
  peak: number;
  peakAt: number;
}

export interface EpisodeRule {
  /** A sample is in the problem when its value is above this (or at it, with `inclusive`). */
  above: number;
  inclusive?: boolean;
  /** Shorter stretches are blips, not episodes. */
  minDurationMs?: number;
  /** Stretches separated by less than this are one episode. */
  mergeGapMs?: number;
}

export const EPISODE_DEFAULTS = {
  /**
   * Two one-second intervals: getStats is polled about once a second (webrtc-internals, rtcstats),
   * and one interval over the line is as often a measurement artefact (a receiver report landing
   * late, a frame counted in the next interval) as a problem.
   */
  minDurationMs: 2_000,
  /**
   * Random loss and jitter leave some intervals of a bad stretch under the line; a stretch that
   * resumes within this time is the same problem.
   */
  mergeGapMs: 5_000,
  /** Samples farther apart than this were not polled in between: a stretch cannot span them. */
  maxSampleGapMs: 60_000,
} as const;

/**
 * The episodes of a series sampled at times `t` (each value describes the interval that ends at its
 * sample), from sample `from` on. NaN samples neither start nor break a stretch.
 */
export function episodes(
  t: ArrayLike<number>,
  values: ArrayLike<number>,
  rule: EpisodeRule,
  from = 0,
): Episode[] {
  const minDuration = rule.minDurationMs ?? EPISODE_DEFAULTS.minDurationMs;
  const mergeGap = rule.mergeGapMs ?? EPISODE_DEFAULTS.mergeGapMs;
  const out: Episode[] = [];
  let open: Episode | undefined;
  const close = () => {
    if (open && open.end - open.start >= minDuration) out.push(open);
    open = undefined;
  };
  const n = Math.min(t.length, values.length);
  for (let i = from; i < n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v) || v < rule.above || (v === rule.above && !rule.inclusive)) continue;
    const at = t[i]!;
    const previous = i > from ? t[i - 1]! : at;
    const start = at - previous <= EPISODE_DEFAULTS.maxSampleGapMs ? previous : at;
    if (open && start - open.end <= mergeGap) {
      open.end = at;
      if (v > open.peak) {
        open.peak = v;
        open.peakAt = at;
      }
      continue;
    }
    close();
    open = { start, end: at, peak: v, peakAt: at };
  }
  close();
  return out;
}

/** The episodes of a series of flags (1 where the problem was, 0 where it was not, NaN unknown). */
export function flagEpisodes(
  t: ArrayLike<number>,
  flags: ArrayLike<number>,
  rule: Omit<EpisodeRule, 'above' | 'inclusive'> = {},
  from = 0,
): Episode[] {
  return episodes(t, flags, { ...rule, above: 1, inclusive: true }, from);
}

/** Total time in the episodes, ms. */
export const episodesDurationMs = (list: readonly Episode[]): number =>
  list.reduce((sum, e) => sum + (e.end - e.start), 0);
