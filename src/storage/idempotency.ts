import type { Kysely } from 'kysely';
import type { IdempotencyState } from './records.js';
import type { Database } from './schema.js';

/**
 * Idempotency-Key records: the first request with a key runs; a retry with the same key and the
 * same request gets the stored response and is not charged again.
 */
export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims the key for this request, or says what happened to it before. */
  async begin(
    accountId: string,
    key: string,
    requestHash: string,
    now = Date.now(),
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
    if (!row) return this.begin(accountId, key, requestHash, now);
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state !== 'done' || row.response === null || row.status_code === null) return { kind: 'pending' };
    return { kind: 'done', statusCode: row.status_code, response: new Uint8Array(row.response) };
  }

  async complete(accountId: string, key: string, statusCode: number, response: Uint8Array): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: statusCode, response })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .execute();
  }

  /** Forgets a key whose request failed on our side, so that a retry runs again. */
  async abandon(accountId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
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

  async expire(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
