import { GrowableFloat64, GrowableInt32 } from './growable.js';

/**
 * The times of one connection's polls, shared by its reports. Most reports of a poll carry the
 * poll's own time (jitsi and rtcstats clients record one time per poll), so a report keeps where
 * its samples are on the clock rather than a time per sample: a 100 MB jitsi dump kept 1.4 million
 * per-report times (16 MB in arrays) for 31 000 polls.
 */
export class PollClock {
  readonly #times = new GrowableFloat64(64);

  /** The index of time `t`: the last one when it is the same (Object.is: -0 is not 0), else a new one. */
  mark(t: number): number {
    const n = this.#times.length;
    if (n > 0 && Object.is(this.#times.data[n - 1], t)) return n - 1;
    this.#times.push(t);
    return n;
  }

  /** Lets the spare capacity go (times may still come). */
  trim(): void {
    this.#times.trim();
  }

  /** The time of clock entry `entry`. */
  at(entry: number): number {
    return this.#times.data[entry]!;
  }

  /** `count` times from index `from`: a view, never changed later (the clock only appends). */
  slice(from: number, count: number): Float64Array {
    return this.#times.typed().subarray(from, from + count);
  }
}

/**
 * The sample times of one report, as stretches of consecutive clock entries: a report listed in
 * every poll is one stretch whatever the length of the call. A report with times of its own
 * (remote reports timed by RTCP) takes a clock entry and a stretch per sample, which costs no
 * more than a time per sample did.
 */
export class ReportTimes {
  readonly #clock: PollClock;
  #size = 0;
  /**
   * Stretch s covers samples from `#stretches[2s]` on, at clock entries from `#stretches[2s + 1]`
   * on: pairs in one array, one allocation per report rather than two.
   */
  readonly #stretches = new GrowableInt32();
  #lastEntry = -2;
  #array: Float64Array | undefined;

  constructor(clock: PollClock) {
    this.#clock = clock;
  }

  get size(): number {
    return this.#size;
  }

  /** Lets the spare capacity go (times may still come). */
  trim(): void {
    this.#stretches.trim();
  }

  push(t: number): void {
    const entry = this.#clock.mark(t);
    if (entry !== this.#lastEntry + 1) {
      this.#stretches.push(this.#size);
      this.#stretches.push(entry);
    }
    this.#lastEntry = entry;
    this.#size++;
    this.#array = undefined;
  }

  /** The times of the samples at `keep` (ascending indices), without making the whole array. */
  at(keep: Int32Array): Float64Array {
    const out = new Float64Array(keep.length);
    const n = this.#stretches.length;
    const pairs = this.#stretches.data;
    let s = 0;
    for (let j = 0; j < keep.length; j++) {
      const i = keep[j]!;
      while (s + 2 < n && pairs[s + 2]! <= i) s += 2;
      out[j] = this.#clock.at(pairs[s + 1]! + i - pairs[s]!);
    }
    return out;
  }

  /** The times, one per sample. Shared between calls until the next push: not to be modified. */
  array(): Float64Array {
    this.#array ??= this.arrayOnce();
    return this.#array;
  }

  /** The times as `array` gives them, without keeping them (a view or a new array). */
  arrayOnce(): Float64Array {
    if (this.#array) return this.#array;
    const n = this.#stretches.length;
    const pairs = this.#stretches.data;
    if (n <= 2) return this.#clock.slice(n === 0 ? 0 : pairs[1]!, this.#size);
    const out = new Float64Array(this.#size);
    for (let s = 0; s < n; s += 2) {
      const from = pairs[s]!;
      const to = s + 2 < n ? pairs[s + 2]! : this.#size;
      out.set(this.#clock.slice(pairs[s + 1]!, to - from), from);
    }
    return out;
  }
}
