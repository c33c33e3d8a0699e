import type { Setting } from '../setting.js';

/** Proxies, hosts and origins, metrics, logging and shutdown. */
export const OPERATIONS_SETTINGS = [
  {
    key: 'trustProxy',
    env: 'CALLSCOPE_TRUST_PROXY',
    type: 'list',
    description:
      "Addresses or CIDR ranges of the reverse proxies in front of callscope (comma-separated). Requests from them are taken to come from the address in X-Forwarded-For: the limit on MCP sessions opened without a token counts per client, and logs show the client. Unset: the connection's own address.",
  },
  {
    key: 'allowedHosts',
    env: 'CALLSCOPE_ALLOWED_HOSTS',
    type: 'list',
    description:
      'Host header values accepted by the MCP endpoint, and the only ones links in answers may name when CALLSCOPE_SITE_URL is unset (comma-separated). Unset: the listening host and those of the configured URLs for MCP; loopback names on a loopback bind for links.',
  },
  {
    key: 'allowedOrigins',
    env: 'CALLSCOPE_ALLOWED_ORIGINS',
    type: 'list',
    description:
      'Origin header values accepted by the MCP endpoint; unset: the configured URLs and loopback.',
  },
  {
    key: 'metricsPort',
    env: 'CALLSCOPE_METRICS_PORT',
    type: 'integer',
    min: 0,
    max: 65535,
    description:
      'Serve GET /metrics on this port, and not on the API port (0 picks a free one). Unset: on the API port, where anyone who reaches the API reads it unless CALLSCOPE_METRICS_TOKEN is set.',
  },
  {
    key: 'metricsHost',
    env: 'CALLSCOPE_METRICS_HOST',
    type: 'string',
    description: 'Address the metrics port listens on (with CALLSCOPE_METRICS_PORT); unset: CALLSCOPE_HOST.',
  },
  {
    key: 'metricsToken',
    env: 'CALLSCOPE_METRICS_TOKEN',
    type: 'string',
    description:
      'Token GET /metrics requires, as `Authorization: Bearer <token>` (at least 16 characters, no spaces), on whichever port serves it; others get 401. Unset: no token.',
  },
  {
    key: 'logLevel',
    env: 'CALLSCOPE_LOG_LEVEL',
    flag: '--log-level',
    type: 'string',
    default: 'info',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    description: 'Log level (pino).',
  },
  {
    key: 'logFormat',
    env: 'CALLSCOPE_LOG_FORMAT',
    flag: '--log-format',
    type: 'string',
    default: 'auto',
    values: ['auto', 'json', 'pretty'],
    description:
      'Log lines as JSON (one object a line, for collectors) or pretty (time, level, message, fields, for a person). auto: pretty when standard output is a terminal, JSON when it is piped or redirected.',
  },
  {
    key: 'shutdownGraceMs',
    env: 'CALLSCOPE_SHUTDOWN_GRACE_MS',
    type: 'integer',
    default: '30000',
    min: 0,
    description: 'How long a shutdown waits for analyses in flight.',
  },
] as const satisfies readonly Setting[];
