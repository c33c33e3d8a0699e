import { type Kysely, sql } from 'kysely';
import type { IdempotencyClaim, IdempotencyState } from './records.js';
import type { Database } from './schema.js';

/**
 * Idempotency-Key records: the first request with a key runs; a retry with the same key and the
 * same request gets the stored response and is not charged again.
 */
export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the key for this request, or says what happened to it before. With `claim`, the key is
   * held by `claim.owner` until `claim.leaseUntil`, and a pending key is taken over (answered
   * `new`) when its lease ran out or `claim.ownerGone` says its process is gone.
   */
  async begin(
    accountId: string,
    key: string,
    requestHash: string,
    now = Date.now(),
    claim?: IdempotencyClaim,
  ): Promise<IdempotencyState> {
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key,
        request_hash: requestHash,
        state: 'pending',
        status_code: null,
        response: null,
        created_at: now,
        owner: claim?.owner ?? null,
        lease_until: claim?.leaseUntil ?? null,
      })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { kind: 'new' };
    const row = await this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return this.begin(accountId, key, requestHash, now, claim);
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done' && row.response !== null && row.status_code !== null)
      return { kind: 'done', statusCode: row.status_code, response: new Uint8Array(row.response) };
    const leaseUntil = row.lease_until === null ? null : Number(row.lease_until);
    const abandoned =
      claim !== undefined &&
      row.owner !== claim.owner &&
      ((leaseUntil !== null && leaseUntil < now) ||
        (row.owner !== null && (claim.ownerGone?.(row.owner) ?? false)));
    if (!abandoned) return { kind: 'pending' };
    // Taken over only from the holder just read: of two retries, one wins.
    const taken = await this.db
      .updateTable('idempotency_keys')
      .set({ owner: claim.owner, lease_until: claim.leaseUntil, created_at: now })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where((eb) => (row.owner === null ? eb('owner', 'is', null) : eb('owner', '=', row.owner)))
      .where((eb) =>
        leaseUntil === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', leaseUntil),
      )
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? { kind: 'new' } : { kind: 'pending' };
  }

  /** The owner still runs the request: its lease goes on to `leaseUntil`. False when the key is no longer its own. */
  async renew(accountId: string, key: string, owner: string, leaseUntil: number): Promise<boolean> {
    const r = await this.db
      .updateTable('idempotency_keys')
      .set({ lease_until: leaseUntil })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Stores the answer; with `owner`, only while the key is still that owner's (not taken over). */
  async complete(
    accountId: string,
    key: string,
    statusCode: number,
    response: Uint8Array,
    owner?: string,
  ): Promise<void> {
    let q = this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: statusCode, response, lease_until: null })
      .where('account_id', '=', accountId)
      .where('key', '=', key);
    if (owner !== undefined) q = q.where('owner', '=', owner);
    await q.execute();
  }

  /** Forgets a key whose request failed on our side, so that a retry runs again (with `owner`: if still its own). */
  async abandon(accountId: string, key: string, owner?: string): Promise<void> {
    let q = this.db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key);
    if (owner !== undefined) q = q.where('owner', '=', owner).where('state', '=', 'pending');
    await q.execute();
  }

  /** Forgets a stored answer (not a pending key): the request it answered may now be made anew. */
  async forgetDone(accountId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('state', '=', 'done')
      .execute();
  }

  /**
   * Forgets keys still pending since before `before`: their first request died with its process
   * (a retry would otherwise wait for an answer that never comes until the record expires).
   */
  async abandonPending(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('idempotency_keys')
      .where('state', '=', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Forgets records made before `before` (only those whose key starts with `keyPrefix`, when given). */
  async expire(before: number, keyPrefix?: string): Promise<number> {
    let q = this.db.deleteFrom('idempotency_keys').where('created_at', '<', before);
    if (keyPrefix !== undefined)
      q = q.where(sql<string>`substr(key, 1, ${keyPrefix.length})`, '=', keyPrefix);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
