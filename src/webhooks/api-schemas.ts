/** The bodies of /v1.0/webhooks, published as extension schemas (/api/schemas). */
import Type from 'typebox';
import { Nullable } from '../model/payload/common.js';
import { EVENT_TYPES } from './store.js';

const Instant = Type.String({ format: 'date-time' });
const EventType = Type.Union([Type.Literal('session.analyzed'), Type.Literal('insights.regression')], {
  description:
    'session.analyzed: a session was saved; insights.regression: a bad-call share rose significantly.',
});
const Format = Type.Union([Type.Literal('json'), Type.Literal('slack')], {
  description: 'json: the event envelope; slack: a Slack incoming-webhook body `{text}`.',
});

export const Webhook = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    events: Type.Array(EventType),
    format: Format,
    description: Nullable(Type.String()),
    createdAt: Instant,
  },
  { description: 'Extension: a webhook of the account (docs/webhooks.md).' },
);

export const WebhookCreated = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description: 'The signing secret (HMAC-SHA256 key of Callscope-Signature). Shown once, here.',
    }),
  },
  { description: 'Extension: the webhook created, with its signing secret.' },
);

export const WebhookCreateRequest = Type.Object(
  {
    url: Type.String({
      minLength: 8,
      maxLength: 2048,
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      description:
        'Where events are POSTed: http(s), no credentials; never a private, loopback, link-local or reserved address unless the operator allows it (CALLSCOPE_WEBHOOK_ALLOW_PRIVATE).',
    }),
    events: Type.Optional(
      Type.Array(EventType, {
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        uniqueItems: true,
        description: 'Default: every event.',
      }),
    ),
    format: Type.Optional(Format),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, description: 'Extension: a new webhook.' },
);

export const WebhooksListResponse = Type.Object(
  { total: Type.Integer(), data: Type.Array(Webhook) },
  { description: "Extension: the account's webhooks, oldest first." },
);

const Delivery = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Sent as Callscope-Delivery.' }),
  eventId: Type.String({
    format: 'uuid',
    description: 'Sent as Callscope-Event-Id (and `id` of a json body).',
  }),
  eventType: EventType,
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
    description: 'failed: given up, 24 h after the event.',
  }),
  attempts: Type.Integer(),
  createdAt: Instant,
  nextAttemptAt: Nullable(Instant),
  lastAttemptAt: Nullable(Instant),
  lastStatus: Nullable(Type.Integer({ description: 'HTTP status of the last answer; null when none came.' })),
  lastError: Nullable(Type.String()),
  deliveredAt: Nullable(Instant),
});

export const WebhookDeliveriesResponse = Type.Object(
  {
    data: Type.Array(Delivery),
    total: Type.Integer({ description: 'Items in data.' }),
    totalCount: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    hasMore: Type.Boolean(),
  },
  { description: "Extension: a webhook's deliveries, newest first (the delivery log)." },
);

export const WebhookIdParams = Type.Object({
  webhookId: Type.String({ format: 'uuid', description: 'The webhook id.' }),
});

export const DeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page.' }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'From 1.' })),
  },
  { additionalProperties: false },
);

export type WebhookCreateRequest = Type.Static<typeof WebhookCreateRequest>;
