/**
 * Scratch marks and values indexed by line number, reused from call to call: an index counts as set
 * only where it is marked with the current stamp, so starting anew takes a new stamp rather than
 * clearing the arrays. One per user, used by one call at a time.
 */
export class StampedScratch {
  marks = new Int32Array(256);
  values = new Int32Array(256);
  #stamp = 0;

  /** A new stamp, with room for indices below `size` (read `marks` and `values` after this call). */
  next(size: number): number {
    if (this.marks.length < size) {
      this.marks = new Int32Array(Math.max(size, 2 * this.marks.length));
      this.values = new Int32Array(this.marks.length);
    }
    if (this.#stamp === 0x7fffffff) {
      this.marks.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }
}
