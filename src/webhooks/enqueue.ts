import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { Format, NewEvent } from './records.js';
import { withWebhooks } from './schema.js';

/**
 * Writes the deliveries of `event` to every webhook of its account that takes its type, in the
 * caller's transaction (the session save): the event is recorded exactly when what it tells is.
 */
export async function enqueueEvent(trx: Kysely<Database>, event: NewEvent): Promise<number> {
  const db = withWebhooks(trx);
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'events', 'format'])
    .where('account_id', '=', event.accountId)
    .execute();
  const eventId = randomUUID();
  let written = 0;
  for (const hook of hooks) {
    if (!hook.events.split(',').includes(event.type)) continue;
    const result = await db
      .insertInto('webhook_deliveries')
      .values({
        id: randomUUID(),
        webhook_id: hook.id,
        account_id: event.accountId,
        event_id: eventId,
        event_type: event.type,
        dedupe_key: event.dedupeKey,
        body: event.body(hook.format as Format, eventId),
        status: 'pending',
        attempts: 0,
        created_at: event.now,
        next_attempt_at: event.now,
        lease_owner: null,
        lease_until: null,
        last_attempt_at: null,
        last_status: null,
        last_error: null,
        delivered_at: null,
      })
      .onConflict((oc) => oc.columns(['webhook_id', 'dedupe_key']).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return written;
}
