interface Entry {
  owner: object;
  numbers: boolean;
  attribute: string;
  /** Samples the owner had: a later append makes the entry stale. */
  size: number;
  series: ArrayLike<unknown>;
}

/**
 * The series a connection's reports materialized last, for analyses that read an attribute
 * again soon after the first time (a view reads a report's attributes one after the other). One
 * cache per connection, of a few series: each report keeping every series it was asked for held
 * a full-length array per attribute read until the connection's views were built (20 MB of the
 * 100 MB jitsi dump's peak, and growing with the call). On that dump 2481 reads materialize
 * 96 MB with every series kept, 133 MB with the last four, 260 MB with none.
 */
export class SeriesCache {
  readonly #entries: Entry[] = [];
  readonly #capacity: number;

  constructor(capacity = 4) {
    this.#capacity = capacity;
  }

  get(owner: object, numbers: boolean, attribute: string, size: number): ArrayLike<unknown> | undefined {
    const entries = this.#entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (e.owner !== owner || e.numbers !== numbers || e.attribute !== attribute) continue;
      if (e.size !== size) {
        entries.splice(i, 1);
        return undefined;
      }
      if (i !== entries.length - 1) entries.push(...entries.splice(i, 1));
      return e.series;
    }
    return undefined;
  }

  set(owner: object, numbers: boolean, attribute: string, size: number, series: ArrayLike<unknown>): void {
    this.#entries.push({ owner, numbers, attribute, size, series });
    if (this.#entries.length > this.#capacity) this.#entries.shift();
  }
}
