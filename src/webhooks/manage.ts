/** Creating, reading and deleting webhooks: what the API and the admin CLI share. */

import { urlProblem } from './address-guard.js';
import { newSecret } from './signature.js';
import type { Delivery, EventType, Format, Webhook as StoredWebhook, WebhookStore } from './store.js';
import { EVENT_TYPES } from './store.js';

/** Webhooks one account may have. */
export const MAX_WEBHOOKS = 20;

export class WebhookInputError extends Error {}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const webhookView = (w: StoredWebhook) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  format: w.format,
  description: w.description,
  createdAt: new Date(w.createdAt).toISOString(),
});

export const deliveryView = (d: Delivery) => ({
  id: d.id,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  createdAt: new Date(d.createdAt).toISOString(),
  nextAttemptAt: iso(d.nextAttemptAt),
  lastAttemptAt: iso(d.lastAttemptAt),
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  deliveredAt: iso(d.deliveredAt),
});

/** Creates a webhook after checking its URL (resolved: see address-guard.ts); its secret once. */
export async function createWebhook(
  store: WebhookStore,
  input: {
    accountId: string;
    url: string;
    events?: readonly string[];
    format?: string;
    description?: string | null;
    allowPrivate: boolean;
    now: number;
  },
): Promise<ReturnType<typeof webhookView> & { secret: string }> {
  const events = [...new Set(input.events ?? EVENT_TYPES)];
  for (const e of events)
    if (!(EVENT_TYPES as readonly string[]).includes(e))
      throw new WebhookInputError(`unknown event ${JSON.stringify(e)} (events: ${EVENT_TYPES.join(', ')})`);
  if (events.length === 0) throw new WebhookInputError('give at least one event');
  const format = input.format ?? 'json';
  if (format !== 'json' && format !== 'slack') throw new WebhookInputError('format must be json or slack');
  if (input.url.length > 2048) throw new WebhookInputError('url is longer than 2048 characters');
  const problem = await urlProblem(input.url, input.allowPrivate);
  if (problem) throw new WebhookInputError(problem);
  if ((await store.count(input.accountId)) >= MAX_WEBHOOKS)
    throw new WebhookInputError(`an account has at most ${MAX_WEBHOOKS} webhooks: delete one first`);
  const secret = newSecret();
  const created = await store.create({
    accountId: input.accountId,
    url: input.url,
    secret,
    events: events as EventType[],
    format: format as Format,
    description: input.description ?? null,
    now: input.now,
  });
  return { ...webhookView(created), secret };
}
