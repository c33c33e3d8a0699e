/**
 * The bytes of collected dumps an account has waiting to be saved, as one node sees them: what it
 * writes for the account's open calls, and what its other unsaved dumps held when it last looked.
 */
export class AccountBytes {
  /** Bytes written here for calls still open, by account. */
  readonly #live = new Map<string, number>();
  /** Bytes of the account's other unsaved dumps, read at connect. */
  readonly #held = new Map<string, number>();

  total(accountId: string): number {
    return (this.#held.get(accountId) ?? 0) + (this.#live.get(accountId) ?? 0);
  }

  setHeld(accountId: string, bytes: number): void {
    this.#held.set(accountId, bytes);
  }

  /** Bytes written (or taken over with a call) for an open call. */
  add(accountId: string, bytes: number): void {
    this.#live.set(accountId, (this.#live.get(accountId) ?? 0) + bytes);
  }

  /** A call left this node: its bytes are no longer live here. */
  remove(accountId: string, bytes: number): void {
    const live = (this.#live.get(accountId) ?? 0) - bytes;
    if (live > 0) this.#live.set(accountId, live);
    else this.#live.delete(accountId);
  }
}
