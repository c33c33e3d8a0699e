/**
 * The error catalog (reference.md): every failure the API can answer, with its status. REST renders
 * `{error, errorCode}`; MCP tools answer the same errors as JSON-RPC errors (mcp/tool-error.ts).
 */
export const ERROR_CATALOG = {
  invalid_request: {
    status: 400,
    when: 'Malformed body, query or id; empty body; failed decompression; unknown fileId at assemble.',
  },
  authentication: { status: 401, when: 'Missing, malformed, expired, revoked or forged token.' },
  no_credits: { status: 402, when: 'No credit left for upload, analyze or enrich.' },
  forbidden: { status: 403, when: 'Plan without API access.' },
  insufficient_scope: {
    status: 403,
    when: 'Read-only token on a write (upload, analyze, enrich, PATCH, DELETE).',
  },
  not_found: { status: 404, when: 'Session or observation type unknown for this account.' },
  file_too_large: { status: 413, when: 'Body, chunk or assembled file over the limit.' },
  parsing_issue: { status: 415, when: 'The bytes are not a dump that can be read.' },
  other_issue: {
    status: 415,
    when: 'Readable, but of a kind or age that is not supported (the message says which).',
  },
  request_timeout: {
    status: 408,
    when: 'The request did not arrive within CALLSCOPE_REQUEST_TIMEOUT_MS (a client sending too slowly); the connection is closed.',
  },
  reprocess_failed: {
    status: 422,
    when: 'A stored session could not be re-analyzed with the current processor.',
  },
  rate_limited: {
    status: 429,
    when: 'Per-account rate limit, or as many analyses of the account running at once as it may have (CALLSCOPE_ACCOUNT_ANALYSES); see Retry-After.',
  },
  headers_too_large: {
    status: 431,
    when: 'The request headers exceed 16 KiB; the connection is closed.',
  },
  server_error: { status: 500, when: 'Anything else; never a stack trace in the body.' },
  server_busy: {
    status: 503,
    when: 'Every analysis worker is busy and the queue is full, the server is shutting down, or its database is unreachable for the moment; see Retry-After.',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export class ApiError extends Error {
  readonly status: number;
  /**
   * Whether the error answers the request, so that a retry under its Idempotency-Key gets it again
   * (when its status is one that is replayed). Not so when nothing was decided (the client left).
   */
  readonly replayable: boolean = true;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CATALOG[code].status;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
