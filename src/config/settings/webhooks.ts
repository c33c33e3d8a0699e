import type { Setting } from '../setting.js';

/** Webhooks per account (src/webhooks, docs/webhooks.md). */
export const WEBHOOK_SETTINGS = [
  {
    key: 'webhookAllowPrivate',
    env: 'CALLSCOPE_WEBHOOK_ALLOW_PRIVATE',
    type: 'boolean',
    default: 'false',
    description:
      'Allow webhook URLs on private, loopback, link-local and reserved addresses (IPv4 and IPv6). Off, such a URL is refused when the webhook is created and every delivery is refused at connect time, whatever its host name resolves to then. Turn it on only where the accounts are trusted (a single-team install, tests).',
  },
  {
    key: 'webhookTimeoutMs',
    env: 'CALLSCOPE_WEBHOOK_TIMEOUT_MS',
    type: 'integer',
    default: '10000',
    min: 100,
    max: 120000,
    description:
      'Time one delivery attempt may take, from connecting to the end of the answer; past it the attempt counts as failed and is retried.',
  },
  {
    key: 'webhookRetryBaseMs',
    env: 'CALLSCOPE_WEBHOOK_RETRY_BASE_MS',
    type: 'integer',
    default: '30000',
    min: 10,
    description:
      'Delay before the first retry of a failed delivery; each further one doubles it (at most an hour, with a random factor of 0.5 to 1.5) until 24 h after the event.',
  },
  {
    key: 'webhookPollMs',
    env: 'CALLSCOPE_WEBHOOK_POLL_MS',
    type: 'integer',
    default: '1000',
    min: 10,
    description: 'How often each node looks for deliveries that are due.',
  },
  {
    key: 'webhookRegressionCheckMs',
    env: 'CALLSCOPE_WEBHOOK_REGRESSION_CHECK_MS',
    type: 'integer',
    default: '3600000',
    min: 1000,
    description:
      'How often the accounts with an insights.regression webhook are checked for a significant rise in a bad-call share (the last 7 days against the 7 before).',
  },
] as const satisfies readonly Setting[];
