/** Socket errors of a database that cannot be reached (down, restarting, network cut). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own answers that it cannot serve now: class 08 (connection exception), 57P01-57P03
 * (shutting down, crash shutdown, cannot connect now: a restart or failover in progress).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3])$/;

/** node-postgres and its pool say so in words only, without a code. */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether a storage error means the database is away for now, not that the request was wrong:
 * such a request is worth retrying in a moment (on this node or another), which a 503 with
 * Retry-After tells clients and load balancers, where a 500 would not. SQLITE_BUSY (another
 * writer held the file past the busy timeout) is the embedded database's form of it.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || code === 'SQLITE_BUSY')
  )
    return true;
  return typeof message === 'string' && PG_MESSAGES.test(message);
}
