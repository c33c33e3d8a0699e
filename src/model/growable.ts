/**
 * Spare elements worth a copy to let go. A copy of a short array costs more than the bytes it frees:
 * trimming every column of the 17 jitsi test dumps made a pass of them about 3 % slower.
 */
const TRIM_SPARE = 16;

type Numbers = Float64Array | Int32Array;

/**
 * A typed array that grows as values are appended: a number in a typed array takes 4 or 8 bytes
 * with no boxing, where a plain array of sample indices took 8 and grew with more slack. The
 * backing array doubles, so appending stays amortized O(1); trim() lets the spare capacity (a
 * quarter of it on average) go once a series is complete.
 */
abstract class Growable<T extends Numbers> {
  data: T;
  length = 0;

  constructor(capacity: number) {
    this.data = this.make(capacity);
  }

  /** A new backing array (a method, not a function passed in: that was a closure per instance). */
  protected abstract make(length: number): T;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(Math.max(4, this.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** The values so far, without the spare capacity (a view: shares the backing array). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  /** Lets the spare capacity go: no more values are coming. */
  trim(): void {
    if (this.data.length - this.length > TRIM_SPARE) this.data = this.data.slice(0, this.length) as T;
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor(capacity = 4) {
    super(capacity);
  }

  protected make(length: number): Float64Array {
    return new Float64Array(length);
  }
}

export class GrowableInt32 extends Growable<Int32Array> {
  constructor(capacity = 2) {
    super(capacity);
  }

  protected make(length: number): Int32Array {
    return new Int32Array(length);
  }
}
