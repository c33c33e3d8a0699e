import type { Logger } from 'pino';
import type { CallRow, CallsRepo } from './calls-repo.js';
import type { ConnectionHost } from './connection.js';

/** Calls (and accounts with unanalyzed calls) a node takes up in one round of its upkeep. */
export const ROUND = 20;

/** A call to claim (from one of `from`, if its holder last wrote before `staleBefore`) and finish. */
export interface Claim {
  id: string;
  from: CallRow['state'][];
  staleBefore: number;
}

/**
 * What one round of a node's upkeep takes up: calls that ended, calls of nodes that stopped
 * writing, jitsi calls whose client did not come back, and calls kept without credits whose account
 * has credits again. The collector claims and finishes them.
 */
export class Upkeep {
  /** Where the next round's look at accounts with unanalyzed calls starts (account id order). */
  #unanalyzedAfter = '';

  constructor(
    private readonly calls: CallsRepo,
    private readonly log: Logger,
    private readonly credits: (accountId: string, now: number) => Promise<number>,
  ) {}

  async claims(node: string, now: number, limits: ConnectionHost['limits']): Promise<Claim[]> {
    const staleBefore = now - 3 * limits.flushMs;
    const lingerBefore = now - Math.max(limits.idleTimeoutMs, 3 * limits.flushMs);
    const out: Claim[] = [];
    for (const row of await this.calls.due(staleBefore, lingerBefore, ROUND)) {
      if (row.owner === node && row.state !== 'ended') continue;
      if (row.state !== 'ended' && row.owner !== null)
        this.log.warn({ call: row.id, state: row.state }, 'collect call of a node that stopped: taken over');
      out.push({
        id: row.id,
        from: [row.state],
        staleBefore: row.state === 'lingering' ? lingerBefore : staleBefore,
      });
    }
    for (const id of await this.#creditsReturned(now)) out.push({ id, from: ['unanalyzed'], staleBefore });
    return out;
  }

  /**
   * Calls kept without credits whose account has credits again: up to ROUND accounts a round,
   * taken in turn over the rounds, and no more calls of each than it has credits (and ROUND).
   */
  async #creditsReturned(now: number): Promise<string[]> {
    let accounts = await this.calls.unanalyzedAccounts(this.#unanalyzedAfter, ROUND);
    if (accounts.length === 0 && this.#unanalyzedAfter !== '')
      accounts = await this.calls.unanalyzedAccounts('', ROUND);
    this.#unanalyzedAfter = accounts.length === ROUND ? accounts[ROUND - 1]! : '';
    const ids: string[] = [];
    for (const accountId of accounts) {
      const credits = await this.credits(accountId, now);
      if (credits <= 0) continue;
      for (const row of await this.calls.unanalyzedOf(accountId, Math.min(credits, ROUND))) ids.push(row.id);
    }
    return ids;
  }
}
