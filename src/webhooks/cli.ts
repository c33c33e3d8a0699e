/** `callscope webhooks create|list|delete`: what the admin CLI does with an account's webhooks. */
import { table } from '../cli/format.js';
import type { Storage } from '../storage/index.js';
import { createWebhook, WebhookInputError, webhookView } from './manage.js';
import { WebhookStore } from './store.js';

export interface WebhookArgs {
  /** An existing account (checked by the caller) for create; a filter for list. */
  accountId?: string;
  url?: string;
  events?: string;
  format?: string;
  description?: string;
  /** delete: the webhook's id. */
  id?: string;
  allowPrivate: boolean;
}

/** Runs the command; what to print (as JSON, and as text). Input problems throw WebhookInputError. */
export async function webhooksAdmin(
  storage: Storage,
  action: string,
  a: WebhookArgs,
): Promise<{ json: unknown; text: string }> {
  const store = new WebhookStore(storage.database.db, storage.database.dialect);
  switch (action) {
    case 'create': {
      if (!a.url) throw new WebhookInputError('--url is required');
      const created = await createWebhook(store, {
        accountId: a.accountId!,
        url: a.url,
        ...(a.events ? { events: a.events.split(',').map((e) => e.trim()) } : {}),
        ...(a.format ? { format: a.format } : {}),
        description: a.description ?? null,
        allowPrivate: a.allowPrivate,
        now: Date.now(),
      });
      return {
        json: created,
        text: `Webhook ${created.id} (${created.events.join(', ')}; ${created.format}) to ${created.url}\nSigning secret (shown once, keep it secret):\n${created.secret}`,
      };
    }
    case 'list': {
      const hooks = (await store.list(a.accountId)).map((w) => ({
        ...webhookView(w),
        accountId: w.accountId,
      }));
      return {
        json: hooks,
        text:
          hooks.length === 0
            ? 'No webhooks.'
            : table(
                ['id', 'account', 'events', 'format', 'url'],
                hooks.map((w) => [w.id, w.accountId, w.events.join(','), w.format, w.url]),
              ),
      };
    }
    case 'delete': {
      if (!a.id) throw new WebhookInputError('give the WEBHOOK_ID (`callscope webhooks list` shows them)');
      if (!(await store.delete(undefined, a.id))) throw new WebhookInputError(`no webhook ${a.id}`);
      return { json: { deleted: a.id }, text: `Webhook ${a.id} deleted, with its deliveries.` };
    }
    default:
      throw new WebhookInputError(`unknown command "webhooks ${action}"`);
  }
}
