/**
 * Spare elements worth a copy to let go. A copy of a short array costs more than the bytes it frees:
 * trimming every column of the 17 jitsi test dumps made a pass of them about 3 % slower.
 */
const TRIM_SPARE = 16;

/**
 * Below this many values a growable array is a plain array. A typed array of more than 64 bytes
 * keeps its values in a buffer off the heap, which took about 20 times as long to make as a plain
 * array of the same length (0.6 us against 0.04-0.08 us, node 20), and more to collect: growing
 * from a few values to 64 made three of them. The values of a plain array of numbers are unboxed
 * too, 8 bytes each.
 */
const TYPED_FROM = 64;

type Numbers = Float64Array | Int32Array;

/**
 * An array of numbers that grows as values are appended: a typed array once long (4 or 8 bytes a
 * value, no boxing), a plain array while short (see TYPED_FROM). The backing array doubles, so
 * appending stays amortized O(1); trim() lets the spare capacity (a quarter of it on average) go
 * once a series is complete.
 */
abstract class Growable<T extends Numbers> {
  /** The values, then spare room in a typed array. Read `length` values, not `data.length`. */
  data: T | number[];
  length = 0;

  /** A capacity of TYPED_FROM or more starts with a typed array of it. */
  constructor(capacity: number) {
    this.data = capacity >= TYPED_FROM ? this.make(capacity) : [];
  }

  /** A new backing array (a method, not a function passed in: that was a closure per instance). */
  protected abstract make(length: number): T;

  push(value: number): void {
    let data = this.data;
    if (Array.isArray(data)) {
      if (this.length < TYPED_FROM) {
        data.push(value);
        this.length++;
        return;
      }
      data = this.#grow(this.length * 2);
    } else if (this.length === data.length) data = this.#grow(this.length * 2);
    data[this.length++] = value;
  }

  #grow(capacity: number): T {
    const grown = this.make(capacity);
    grown.set(this.data);
    this.data = grown;
    return grown;
  }

  /** The backing typed array, spare room included (made now if the values are still plain). */
  typed(): T {
    const data = this.data;
    return Array.isArray(data) ? this.#grow(Math.max(4, this.length)) : data;
  }

  /** The values as a typed array without the spare capacity (a view of it once typed). */
  view(): T {
    const data = this.data;
    if (Array.isArray(data)) {
      const out = this.make(this.length);
      out.set(data);
      return out;
    }
    return data.subarray(0, this.length) as T;
  }

  /** Lets the spare capacity go: no more values are coming. */
  trim(): void {
    const data = this.data;
    if (!Array.isArray(data) && data.length - this.length > TRIM_SPARE)
      this.data = data.slice(0, this.length) as T;
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
