/**
 * Below this many values a column's run values stay a plain array (8 bytes a value, unboxed):
 * most columns have a few runs, and packing them would only cost time. Longer ones are packed.
 */
const PLAIN_UP_TO = 64;

/**
 * Packed values that are not whole numbers take 9 bytes where a Float64Array takes 8: a column
 * whose values are mostly such (jitter, audio levels, seconds of encoding) once this many are
 * written goes to a Float64Array for good.
 */
const DECIDE_AFTER = 256;

/**
 * Largest whole number packed as a difference: differences of such numbers, zigzag coded and
 * doubled, stay below 2^53 where every integer is exact. Counters stay far below it.
 */
const EXACT = 2 ** 50;

/** Code of a missing value (NaN), and of a value whose 8 bytes follow. Deltas have even codes. */
const MISSING = 1;
const RAW = 3;

/**
 * The values of a stats column's runs, appended in order and read back in order.
 *
 * A counter that changes at every poll has a run per poll: a long call keeps millions of them
 * (15 million on the 1 GiB jitsi bench dump). Whole numbers are kept as the difference from the
 * previous whole number, zigzag and varint coded: a packet counter's step takes one byte, a byte
 * counter's two or three, where a double took eight. Missing values take one byte, others nine,
 * until a column of mostly such moves to plain doubles (DECIDE_AFTER). The values of the 100 MB
 * jitsi bench dump: 9.5 MB as doubles, 2.1 MB packed.
 */
export class RunNumbers {
  #plain: number[] | undefined = [];
  #bytes: Uint8Array | undefined;
  #view: DataView | undefined;
  #doubles: Float64Array | undefined;
  /** Values written; bytes used while packed. */
  #length = 0;
  #used = 0;
  /** The last whole number packed: deltas are from it. */
  #base = 0;
  #raw = 0;
  #last = Number.NaN;
  #firstPresent = Number.NaN;
  #lastPresent = Number.NaN;

  get length(): number {
    return this.#length;
  }

  /** The last value written. */
  get last(): number {
    return this.#last;
  }

  /** The first and the last value that is not NaN (NaN when none is). */
  get firstPresent(): number {
    return this.#firstPresent;
  }

  get lastPresent(): number {
    return this.#lastPresent;
  }

  push(v: number): void {
    this.#last = v;
    if (!Number.isNaN(v)) {
      if (Number.isNaN(this.#firstPresent)) this.#firstPresent = v;
      this.#lastPresent = v;
    }
    const n = this.#length++;
    const plain = this.#plain;
    if (plain) {
      plain.push(v);
      if (n + 1 > PLAIN_UP_TO) this.#pack(plain);
      return;
    }
    const doubles = this.#doubles;
    if (doubles) {
      if (n === doubles.length) this.#doubles = growDoubles(doubles);
      this.#doubles![n] = v;
      return;
    }
    this.#write(v);
    // Decided at 256 values, then again at each power of two: mostly not whole numbers, doubles.
    const written = n + 1;
    if (written >= DECIDE_AFTER && (written & n) === 0 && this.#raw * 2 > written) this.#toDoubles();
  }

  /** Reads the values from the first, one per call of `next`. */
  reader(): () => number {
    const plain = this.#plain;
    if (plain) {
      let i = 0;
      return () => plain[i++]!;
    }
    const doubles = this.#doubles;
    if (doubles) {
      let i = 0;
      return () => doubles[i++]!;
    }
    const bytes = this.#bytes!;
    const view = this.#view!;
    let at = 0;
    let base = 0;
    return () => {
      let code = bytes[at++]!;
      if (code >= 128) {
        code &= 127;
        let scale = 128;
        for (;;) {
          const b = bytes[at++]!;
          code += (b & 127) * scale;
          if (b < 128) break;
          scale *= 128;
        }
      }
      if (code === MISSING) return Number.NaN;
      if (code === RAW) {
        const v = view.getFloat64(at, true);
        at += 8;
        return v;
      }
      const z = code / 2;
      base += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      return base;
    };
  }

  /** Lets spare capacity go: no more values are coming (a copy when it is worth one). */
  trim(): void {
    if (this.#bytes && this.#bytes.length - this.#used > 64) this.#setBytes(this.#bytes.slice(0, this.#used));
    if (this.#doubles && this.#doubles.length - this.#length > 16)
      this.#doubles = this.#doubles.slice(0, this.#length);
  }

  #pack(values: number[]): void {
    this.#plain = undefined;
    this.#setBytes(new Uint8Array(values.length * 2));
    for (const v of values) this.#write(v);
  }

  #setBytes(bytes: Uint8Array): void {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer);
  }

  #toDoubles(): void {
    const doubles = new Float64Array(this.#length * 2);
    const next = this.reader();
    for (let i = 0; i < this.#length; i++) doubles[i] = next();
    this.#doubles = doubles;
    this.#bytes = undefined;
    this.#view = undefined;
  }

  #write(v: number): void {
    if (this.#bytes!.length - this.#used < 10) this.#setBytes(growBytes(this.#bytes!));
    const bytes = this.#bytes!;
    if (Number.isNaN(v)) {
      bytes[this.#used++] = MISSING;
      return;
    }
    // Whole, within EXACT, and not -0 (whose difference from anything would read back as 0).
    if (Math.floor(v) === v && v <= EXACT && v >= -EXACT && (v !== 0 || 1 / v > 0)) {
      const d = v - this.#base;
      this.#base = v;
      let code = (d >= 0 ? d * 2 : -d * 2 - 1) * 2;
      let at = this.#used;
      if (code < 0x10000000) {
        // Below 2^28: shifts are exact.
        while (code >= 128) {
          bytes[at++] = (code & 127) | 128;
          code >>>= 7;
        }
      } else {
        while (code >= 128) {
          bytes[at++] = (code % 128) + 128;
          code = Math.floor(code / 128);
        }
      }
      bytes[at++] = code;
      this.#used = at;
      return;
    }
    this.#raw++;
    bytes[this.#used++] = RAW;
    this.#view!.setFloat64(this.#used, v, true);
    this.#used += 8;
  }
}

function growBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length * 2);
  out.set(bytes);
  return out;
}

function growDoubles(doubles: Float64Array): Float64Array {
  const out = new Float64Array(doubles.length * 2);
  out.set(doubles);
  return out;
}
