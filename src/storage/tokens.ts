import type { Kysely } from 'kysely';
import type { TokenRecord, TokenScope } from './records.js';
import type { Database } from './schema.js';

const toRecord = (r: Database['tokens']): TokenRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  scope: r.scope as TokenScope,
  tokenHash: r.token_hash,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  origins: r.origins ? r.origins.split(',') : null,
});

/** Application tokens: only their id and hash are kept, never the token. */
export class TokensRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: Omit<TokenRecord, 'revokedAt' | 'origins'> & { origins?: string[] | null }): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values({
        id: t.id,
        account_id: t.accountId,
        name: t.name,
        scope: t.scope,
        token_hash: t.tokenHash,
        created_at: t.createdAt,
        revoked_at: null,
        origins: t.origins && t.origins.length > 0 ? t.origins.join(',') : null,
      })
      .execute();
  }

  async get(id: string): Promise<TokenRecord | undefined> {
    const row = await this.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async list(accountId?: string): Promise<TokenRecord[]> {
    let q = this.db.selectFrom('tokens').selectAll().orderBy('created_at');
    if (accountId) q = q.where('account_id', '=', accountId);
    return (await q.execute()).map(toRecord);
  }

  async revoke(id: string, now = Date.now()): Promise<boolean> {
    const r = await this.db
      .updateTable('tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}

/** Server settings kept in the database, such as the token-signing secret shared by every node. */
export class SettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Stores `value` unless the key is set already; returns the value in force (first writer wins). */
  async getOrInit(key: string, value: () => string): Promise<string> {
    const existing = await this.get(key);
    if (existing !== undefined) return existing;
    await this.db
      .insertInto('settings')
      .values({ key, value: value() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (await this.get(key))!;
  }
}
