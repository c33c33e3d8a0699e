import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** Fixed-window request counters per account and bucket, shared by every server node. */
export class RateCountersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one request in the window and returns the count so far. */
  async hit(accountId: string, bucket: string, windowStart: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_counters')
      .values({ account_id: accountId, bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'bucket', 'window_start'])
          .doUpdateSet({ count: sql`rate_counters.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async expire(before: number): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('window_start', '<', before).execute();
  }
}
