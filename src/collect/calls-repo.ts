import type { Kysely } from 'kysely';
import type { CollectCallsTable, Database } from '../storage/schema.js';

/**
 * The life of a collected call, one row each:
 *
 * - `open`: a node holds its connection and writes its dump (`owner`, refreshing `seen_at`).
 * - `lingering`: a jitsi client dropped without saying goodbye; it may reconnect and continue.
 * - `ended`: the dump is complete and waits to be analyzed (by any node).
 * - `ending`: a node is analyzing and saving it.
 * - `unanalyzed`: the account had no credit left: the dump is kept, analyzed once credits return.
 * - `done` (saved as `session_id`) or `failed` (`error`): kept a day, then forgotten.
 *
 * A node that dies leaves its rows with an old `seen_at`: any node takes them over.
 */
/** `staleBefore` of a claim that takes the call whoever holds it, or only from this node (PostgreSQL has no infinite bigint). */
export const ANY_AGE = Number.MAX_SAFE_INTEGER;
export const NEVER_STALE = Number.MIN_SAFE_INTEGER;

export type CallState = 'open' | 'lingering' | 'ended' | 'ending' | 'unanalyzed' | 'done' | 'failed';

export interface CallRow {
  id: string;
  accountId: string;
  tokenId: string;
  protocol: string;
  clientKey: string | null;
  state: CallState;
  owner: string | null;
  parts: number;
  bytes: number;
  messages: number;
  startedAt: number;
  seenAt: number;
  sessionId: string | null;
  error: string | null;
}

const toRow = (r: CollectCallsTable): CallRow => ({
  id: r.id,
  accountId: r.account_id,
  tokenId: r.token_id,
  protocol: r.protocol,
  clientKey: r.client_key,
  state: r.state as CallState,
  owner: r.owner,
  parts: Number(r.parts),
  bytes: Number(r.bytes),
  messages: Number(r.messages),
  startedAt: Number(r.started_at),
  seenAt: Number(r.seen_at),
  sessionId: r.session_id,
  error: r.error,
});

/** States whose dump is not saved yet: their bytes count against the account's collect limit. */
const HELD: CallState[] = ['open', 'lingering', 'ended', 'ending', 'unanalyzed'];

const progressColumns = (progress: { parts?: number; bytes?: number; messages?: number }) => ({
  ...(progress.parts !== undefined ? { parts: progress.parts } : {}),
  ...(progress.bytes !== undefined ? { bytes: progress.bytes } : {}),
  ...(progress.messages !== undefined ? { messages: progress.messages } : {}),
});

export class CallsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(call: {
    id: string;
    accountId: string;
    tokenId: string;
    protocol: string;
    clientKey: string | null;
    owner: string;
    now: number;
  }): Promise<void> {
    await this.db
      .insertInto('collect_calls')
      .values({
        id: call.id,
        account_id: call.accountId,
        token_id: call.tokenId,
        protocol: call.protocol,
        client_key: call.clientKey,
        state: 'open',
        owner: call.owner,
        parts: 0,
        bytes: 0,
        messages: 0,
        started_at: call.now,
        seen_at: call.now,
        session_id: null,
        error: null,
      })
      .execute();
  }

  async get(id: string): Promise<CallRow | undefined> {
    const row = await this.db.selectFrom('collect_calls').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /** The account's call with this client key that may still be continued. */
  async continuable(accountId: string, clientKey: string): Promise<CallRow | undefined> {
    const row = await this.db
      .selectFrom('collect_calls')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('client_key', '=', clientKey)
      .where('state', 'in', ['open', 'lingering'])
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  async setClientKey(id: string, clientKey: string): Promise<void> {
    await this.db.updateTable('collect_calls').set({ client_key: clientKey }).where('id', '=', id).execute();
  }

  /**
   * Moves the call from one of `from` to `to` for `owner`; false when it is not in such a state, or
   * another node holds it and refreshed it since `staleBefore`.
   */
  async claim(
    id: string,
    from: CallState[],
    to: CallState,
    owner: string | null,
    now: number,
    staleBefore: number,
    progress: { parts?: number; bytes?: number; messages?: number } = {},
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('collect_calls')
      .set({
        state: to,
        owner,
        seen_at: now,
        ...progressColumns(progress),
      })
      .where('id', '=', id)
      .where('state', 'in', from)
      .where((eb) =>
        eb.or([
          eb('owner', 'is', null),
          ...(owner !== null ? [eb('owner', '=', owner)] : []),
          eb('seen_at', '<', staleBefore),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The owner lets the call go in state `to` (for another node, or a later try). */
  async release(
    id: string,
    owner: string,
    to: CallState,
    now: number,
    progress: { parts?: number; bytes?: number; messages?: number } = {},
  ): Promise<void> {
    await this.db
      .updateTable('collect_calls')
      .set({ state: to, owner: null, seen_at: now, ...progressColumns(progress) })
      .where('id', '=', id)
      .where('owner', '=', owner)
      .execute();
  }

  async finish(id: string, owner: string, outcome: { sessionId: string } | { error: string }): Promise<void> {
    await this.db
      .updateTable('collect_calls')
      .set(
        'sessionId' in outcome
          ? { state: 'done', session_id: outcome.sessionId, owner: null }
          : { state: 'failed', error: outcome.error.slice(0, 1000), owner: null },
      )
      .where('id', '=', id)
      .where('owner', '=', owner)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('collect_calls').where('id', '=', id).execute();
  }

  /** The owner is alive: its calls are not orphans. */
  async heartbeat(owner: string, now: number): Promise<void> {
    await this.db
      .updateTable('collect_calls')
      .set({ seen_at: now })
      .where('owner', '=', owner)
      .where('state', 'in', ['open', 'lingering', 'ending'])
      .execute();
  }

  /**
   * Calls some node should take up now: ended ones nobody holds, and orphans of a node that
   * stopped refreshing them (since `staleBefore`; lingering ones since `lingerBefore`). Those kept
   * without credits are looked up by account (`unanalyzedAccounts`): the oldest of accounts that
   * still have none would otherwise fill every round and keep the others waiting.
   */
  async due(staleBefore: number, lingerBefore: number, limit: number): Promise<CallRow[]> {
    const rows = await this.db
      .selectFrom('collect_calls')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([
            eb('state', '=', 'ended'),
            eb.or([eb('owner', 'is', null), eb('seen_at', '<', staleBefore)]),
          ]),
          eb.and([eb('state', 'in', ['open', 'ending']), eb('seen_at', '<', staleBefore)]),
          eb.and([eb('state', '=', 'lingering'), eb('seen_at', '<', lingerBefore)]),
        ]),
      )
      .orderBy('seen_at')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  /** Accounts with calls kept without credits, in id order after `after` (a cursor over rounds). */
  async unanalyzedAccounts(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('collect_calls')
      .select('account_id')
      .distinct()
      .where('state', '=', 'unanalyzed')
      .where('account_id', '>', after)
      .orderBy('account_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.account_id);
  }

  /** The account's calls kept without credits, oldest first. */
  async unanalyzedOf(accountId: string, limit: number): Promise<CallRow[]> {
    const rows = await this.db
      .selectFrom('collect_calls')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('state', '=', 'unanalyzed')
      .orderBy('seen_at')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  /** Bytes of the account's dumps not saved yet, except those of the calls `except` names (live here). */
  async heldBytes(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('collect_calls')
      .select((eb) => eb.fn.sum<number>('bytes').as('bytes'))
      .where('account_id', '=', accountId)
      .where('state', 'in', HELD)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Calls kept without credits, all accounts' or one's. */
  async countUnanalyzed(accountId?: string): Promise<number> {
    let query = this.db
      .selectFrom('collect_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'unanalyzed');
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The account's calls, newest first (finished ones are kept a day). */
  async list(accountId: string, state: CallState | undefined, limit: number): Promise<CallRow[]> {
    let query = this.db.selectFrom('collect_calls').selectAll().where('account_id', '=', accountId);
    if (state !== undefined) query = query.where('state', '=', state);
    const rows = await query.orderBy('started_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map(toRow);
  }

  /** The stored session a call was saved as, found by the file name it was saved under. */
  async savedSession(accountId: string, fileName: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('file_name', '=', fileName)
      .executeTakeFirst();
    return row?.id;
  }

  /** Forgets finished calls older than `before`. */
  async expire(before: number): Promise<number> {
    const r = await this.db
      .deleteFrom('collect_calls')
      .where('state', 'in', ['done', 'failed'])
      .where('seen_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
