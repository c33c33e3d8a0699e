import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Plan } from '../config/config.js';
import type { Account, Quota } from './records.js';
import type { Database } from './schema.js';

export type CreditBucket = 'monthly' | 'purchased';

/** A settle found its hold given back (it outlived its lifetime) and no credit could be taken again. */
export class HoldLostError extends Error {
  constructor(readonly holdId: string) {
    super(`credit hold ${holdId} was given back and no credit is left to settle the work`);
  }
}

/** Start of the calendar month (UTC) holding `now`: monthly credits renew then. */
export const periodStart = (now: number): number => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

const toAccount = (r: {
  id: string;
  name: string;
  email: string | null;
  plan: string;
  created_at: number;
  api_access: number;
}): Account => ({
  id: r.id,
  name: r.name,
  email: r.email,
  plan: r.plan as Plan,
  createdAt: Number(r.created_at),
  apiAccess: Number(r.api_access) !== 0,
});

/**
 * Accounts and their credits. Credits are taken as a hold before work starts (so two concurrent
 * requests can never spend the same credit) and the hold is settled with the work's result, or
 * given back when the work fails; holds left by a crash are given back by `releaseStaleHolds`.
 */
export class AccountsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: {
    name: string;
    email?: string | null;
    plan: Plan;
    credits: number;
    now?: number;
  }): Promise<Account> {
    const now = input.now ?? Date.now();
    const row = {
      id: randomUUID(),
      name: input.name,
      email: input.email ?? null,
      plan: input.plan,
      monthly_allocation: input.credits,
      monthly_used: 0,
      purchased_balance: 0,
      purchased_used: 0,
      period_start: periodStart(now),
      created_at: now,
      api_access: 1,
    };
    await this.db.insertInto('accounts').values(row).execute();
    return toAccount(row);
  }

  /** Grants or withdraws API access; false when there is no such account. */
  async setApiAccess(id: string, allowed: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ api_access: allowed ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async get(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  async list(): Promise<(Account & Quota)[]> {
    const rows = await this.db.selectFrom('accounts').select('id').orderBy('created_at').execute();
    const out: (Account & Quota)[] = [];
    for (const { id } of rows) {
      const account = (await this.get(id))!;
      out.push({ ...account, ...(await this.quota(id))! });
    }
    return out;
  }

  /** Adds purchased credits (they never expire and are used after the monthly ones). */
  async addCredits(id: string, credits: number): Promise<boolean> {
    const r = await this.db
      .updateTable('accounts')
      .set({ purchased_balance: sql`purchased_balance + ${credits}` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setMonthlyAllocation(id: string, credits: number): Promise<void> {
    await this.db.updateTable('accounts').set({ monthly_allocation: credits }).where('id', '=', id).execute();
  }

  async quota(id: string, now = Date.now()): Promise<Quota | undefined> {
    await this.renew(this.db, id, now);
    const r = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return undefined;
    const monthlyLeft = Math.max(0, r.monthly_allocation - r.monthly_used);
    return {
      accountName: r.name,
      accountPlan: r.plan as Plan,
      allowedCredits: r.monthly_allocation + r.purchased_balance + r.purchased_used,
      remainingCredits: monthlyLeft + r.purchased_balance,
    };
  }

  /**
   * Takes one credit for work about to run; undefined when none is left. `id` names the hold (the
   * service uses the id of the session the work will store, so that housekeeping can tell the dump
   * of work in flight from an orphan).
   */
  async hold(accountId: string, now = Date.now(), id: string = randomUUID()): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const bucket = await this.take(trx, accountId, now);
      if (!bucket) return undefined;
      await trx
        .insertInto('credit_holds')
        .values({ id, account_id: accountId, bucket, created_at: now })
        .execute();
      return id;
    });
  }

  /**
   * The work succeeded: the credit stays spent. Run inside the work's own transaction when it has
   * one. When the hold is gone (housekeeping gave it back because the work outlived the hold's
   * lifetime), a credit is taken now for `accountId` instead; with none left (or no `accountId`),
   * HoldLostError is thrown, so that the work's transaction stores nothing it did not pay for.
   */
  async settle(
    holdId: string,
    trx?: Transaction<Database>,
    recharge?: { accountId: string; now?: number },
  ): Promise<'settled' | 'recharged'> {
    const db = trx ?? this.db;
    const deleted = await db.deleteFrom('credit_holds').where('id', '=', holdId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return 'settled';
    if (!recharge) throw new HoldLostError(holdId);
    const charge = (t: Transaction<Database>) => this.take(t, recharge.accountId, recharge.now ?? Date.now());
    const bucket = trx ? await charge(trx) : await this.db.transaction().execute(charge);
    if (!bucket) throw new HoldLostError(holdId);
    return 'recharged';
  }

  /** Counts one credit as used (monthly first, then purchased); the bucket it came from, if any. */
  private async take(
    trx: Transaction<Database>,
    accountId: string,
    now: number,
  ): Promise<CreditBucket | undefined> {
    await this.renew(trx, accountId, now);
    const monthly = await trx
      .updateTable('accounts')
      .set({ monthly_used: sql`monthly_used + 1` })
      .where('id', '=', accountId)
      .where(sql<boolean>`monthly_used < monthly_allocation`)
      .executeTakeFirst();
    if (Number(monthly.numUpdatedRows) > 0) return 'monthly';
    const purchased = await trx
      .updateTable('accounts')
      .set({ purchased_balance: sql`purchased_balance - 1`, purchased_used: sql`purchased_used + 1` })
      .where('id', '=', accountId)
      .where('purchased_balance', '>', 0)
      .executeTakeFirst();
    return Number(purchased.numUpdatedRows) > 0 ? 'purchased' : undefined;
  }

  /** Which of `ids` are holds on record (their work is in flight). */
  async existingHolds(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = await this.db.selectFrom('credit_holds').select('id').where('id', 'in', batch).execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  /** Holds on record (work in flight, or left by a process that died). */
  async holdCount(accountId?: string): Promise<number> {
    let q = this.db.selectFrom('credit_holds').select((eb) => eb.fn.countAll<number>().as('n'));
    if (accountId) q = q.where('account_id', '=', accountId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** The work failed: the credit goes back to where it came from. */
  async release(holdId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const hold = await trx
        .deleteFrom('credit_holds')
        .where('id', '=', holdId)
        .returning(['account_id', 'bucket'])
        .executeTakeFirst();
      if (!hold) return;
      if (hold.bucket === 'monthly')
        await trx
          .updateTable('accounts')
          .set({ monthly_used: sql`case when monthly_used > 0 then monthly_used - 1 else 0 end` })
          .where('id', '=', hold.account_id)
          .execute();
      else
        await trx
          .updateTable('accounts')
          .set({
            purchased_balance: sql`purchased_balance + 1`,
            purchased_used: sql`case when purchased_used > 0 then purchased_used - 1 else 0 end`,
          })
          .where('id', '=', hold.account_id)
          .execute();
    });
  }

  /** Gives back holds older than `before` (left by a process that died mid-work). */
  async releaseStaleHolds(before: number): Promise<number> {
    const stale = await this.db
      .selectFrom('credit_holds')
      .select('id')
      .where('created_at', '<', before)
      .execute();
    for (const { id } of stale) await this.release(id);
    return stale.length;
  }

  /** Starts a new monthly period when the calendar month changed. */
  private async renew(db: Kysely<Database> | Transaction<Database>, id: string, now: number): Promise<void> {
    const start = periodStart(now);
    await db
      .updateTable('accounts')
      .set({ monthly_used: 0, purchased_used: 0, period_start: start })
      .where('id', '=', id)
      .where('period_start', '<', start)
      .execute();
  }
}
