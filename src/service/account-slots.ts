/**
 * Analyses each account has on this node's workers (running or waiting for one), each bounded by
 * CALLSCOPE_ACCOUNT_ANALYSES: one account sending many slow dumps at once cannot take every worker
 * and leave the others waiting (issue 26). Per node, as the workers are.
 */
export class AccountSlots {
  readonly #held = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Takes a slot for `accountId`; false when the account already holds `limit`. */
  take(accountId: string): boolean {
    const held = this.#held.get(accountId) ?? 0;
    if (held >= this.limit) return false;
    this.#held.set(accountId, held + 1);
    return true;
  }

  /** Gives back a slot taken by `take`. */
  give(accountId: string): void {
    const held = this.#held.get(accountId) ?? 0;
    if (held <= 1) this.#held.delete(accountId);
    else this.#held.set(accountId, held - 1);
  }

  held(accountId: string): number {
    return this.#held.get(accountId) ?? 0;
  }
}
