import type { Window } from './windows.js';

/**
 * A cause's windows, indexed so that the time an episode spends in them, and whether an instant is
 * in one, take a binary search instead of a pass over every window. Both were asked for each of a
 * finding's episodes and each of a cause's windows: a stream whose loss came and went every few
 * seconds for a day made tens of thousands of each, and took their product (issue 26).
 *
 * `overlap` is the sum over windows of each one's overlap with [start, end], as a pass over them
 * would add it up (overlapping windows count twice): the integral of how many windows cover each
 * instant.
 */
export class WindowIndex {
  /** Windows from the beginning of time to its end (a cause with no date). */
  readonly #always: number;
  /** Instants where the count of covering windows changes, ascending. */
  readonly #at: number[] = [];
  /** The integral of the count up to #at[i], and the count from #at[i] on. */
  readonly #area: number[] = [];
  readonly #count: number[] = [];
  /** Window starts ascending, and the latest end of the windows starting at or before each. */
  readonly #starts: number[];
  readonly #reach: number[];

  constructor(windows: readonly Window[]) {
    let always = 0;
    const changes: [number, number][] = [];
    for (const w of windows) {
      if (w.start === Number.NEGATIVE_INFINITY) {
        // Only [-inf, +inf] is made (causeWindows); an earlier end would count the same here.
        always++;
        continue;
      }
      changes.push([w.start, 1]);
      if (w.end !== Number.POSITIVE_INFINITY) changes.push([w.end, -1]);
    }
    this.#always = always;
    changes.sort((a, b) => a[0] - b[0]);
    let count = 0;
    let area = 0;
    for (const [at, step] of changes) {
      const last = this.#at.length - 1;
      if (last >= 0) area += count * (at - this.#at[last]!);
      count += step;
      if (last >= 0 && this.#at[last] === at) {
        this.#count[last] = count;
        continue;
      }
      this.#at.push(at);
      this.#area.push(area);
      this.#count.push(count);
    }
    const sorted = [...windows].sort((a, b) => a.start - b.start);
    this.#starts = sorted.map((w) => w.start);
    this.#reach = [];
    let reach = Number.NEGATIVE_INFINITY;
    for (const w of sorted) {
      reach = Math.max(reach, w.end);
      this.#reach.push(reach);
    }
  }

  /** Time of [start, end] inside the windows, each window counted (see the class comment). */
  overlap(start: number, end: number): number {
    if (end <= start) return 0;
    return this.#always * (end - start) + this.#integral(end) - this.#integral(start);
  }

  /** Whether `at` lies in a window, ends included. */
  contains(at: number): boolean {
    const i = lastAtOrBefore(this.#starts, at);
    return i >= 0 && this.#reach[i]! >= at;
  }

  #integral(x: number): number {
    const i = lastAtOrBefore(this.#at, x);
    if (i < 0) return 0;
    return this.#area[i]! + this.#count[i]! * (x - this.#at[i]!);
  }
}

/** The index of the last value of ascending `values` at or before `x`; -1 when none is. */
function lastAtOrBefore(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
