/**
 * Typed arrays that grow as values are appended: a number in a typed array takes 4 or 8 bytes
 * with no boxing, where a plain array of sample indices took 8 and grew with more slack. The
 * backing array doubles, so appending stays amortized O(1); trim() lets the spare capacity (a
 * quarter of it on average) go once a series is complete.
 */
/**
 * Spare elements worth a copy to let go. A copy of a short array costs more than the bytes it frees:
 * trimming every column of the 17 jitsi test dumps made a pass of them about 3 % slower.
 */
const TRIM_SPARE = 16;

export class GrowableFloat64 {
  data: Float64Array;
  length = 0;

  constructor(capacity = 4) {
    this.data = new Float64Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length)
      this.data = grown(this.data, new Float64Array(Math.max(4, this.length * 2)));
    this.data[this.length++] = value;
  }

  /** The values so far, without the spare capacity (a view: shares the backing array). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  /** Lets the spare capacity go: no more values are coming. */
  trim(): void {
    if (this.data.length - this.length > TRIM_SPARE) this.data = this.data.slice(0, this.length);
  }
}

export class GrowableInt32 {
  data: Int32Array;
  length = 0;

  constructor(capacity = 2) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length)
      this.data = grown(this.data, new Int32Array(Math.max(4, this.length * 2)));
    this.data[this.length++] = value;
  }

  /** Lets the spare capacity go: no more values are coming. */
  trim(): void {
    if (this.data.length - this.length > TRIM_SPARE) this.data = this.data.slice(0, this.length);
  }
}

function grown<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
