/**
 * Every setting of the service: its environment variable, its `serve` flag, its default and what it
 * does. The parser, `callscope serve --help` and docs/operations.md all read this table.
 */

export type SettingType = 'string' | 'integer' | 'bytes' | 'boolean' | 'url' | 'list';

export interface Setting {
  key: string;
  env: string;
  flag?: string;
  type: SettingType;
  default?: string;
  description: string;
  /** Allowed values, for enumerations. */
  values?: readonly string[];
  min?: number;
  max?: number;
}

const MiB = 1024 * 1024;

export const SETTINGS = [
  {
    key: 'host',
    env: 'CALLSCOPE_HOST',
    flag: '--host',
    type: 'string',
    default: '127.0.0.1',
    description: 'Address to listen on (0.0.0.0 for every interface).',
  },
  {
    key: 'port',
    env: 'CALLSCOPE_PORT',
    flag: '--port',
    type: 'integer',
    default: '8080',
    min: 0,
    max: 65535,
    description: 'TCP port (0 picks a free one).',
  },
  {
    key: 'dataDir',
    env: 'CALLSCOPE_DATA_DIR',
    flag: '--data',
    type: 'string',
    default: './data',
    description: 'Directory of the embedded database and the stored dumps.',
  },
  {
    key: 'databaseUrl',
    env: 'CALLSCOPE_DATABASE_URL',
    flag: '--database-url',
    type: 'string',
    description: 'postgres://… to use PostgreSQL; unset: SQLite in the data directory.',
  },
  {
    key: 'blobStore',
    env: 'CALLSCOPE_BLOB_STORE',
    type: 'string',
    default: 'fs',
    values: ['fs', 's3'],
    description: 'Where dumps are stored: files in the data directory, or S3.',
  },
  { key: 's3Bucket', env: 'CALLSCOPE_S3_BUCKET', type: 'string', description: 'S3 bucket (blob store s3).' },
  {
    key: 's3Endpoint',
    env: 'CALLSCOPE_S3_ENDPOINT',
    type: 'url',
    description: 'S3 endpoint URL for S3-compatible stores; unset: AWS.',
  },
  {
    key: 's3Region',
    env: 'CALLSCOPE_S3_REGION',
    type: 'string',
    default: 'us-east-1',
    description: 'S3 region.',
  },
  {
    key: 's3Prefix',
    env: 'CALLSCOPE_S3_PREFIX',
    type: 'string',
    default: '',
    description: 'Key prefix inside the bucket.',
  },
  {
    key: 's3ForcePathStyle',
    env: 'CALLSCOPE_S3_FORCE_PATH_STYLE',
    type: 'boolean',
    description:
      'Put the bucket in the URL path rather than the host name (most S3-compatible stores need it); unset: true when CALLSCOPE_S3_ENDPOINT is set.',
  },
  {
    key: 's3AccessKeyId',
    env: 'CALLSCOPE_S3_ACCESS_KEY_ID',
    type: 'string',
    description:
      'S3 access key id (with CALLSCOPE_S3_SECRET_ACCESS_KEY); unset: the standard AWS chain (AWS_ACCESS_KEY_ID, AWS_PROFILE, instance or task role).',
  },
  {
    key: 's3SecretAccessKey',
    env: 'CALLSCOPE_S3_SECRET_ACCESS_KEY',
    type: 'string',
    description: 'S3 secret access key (with CALLSCOPE_S3_ACCESS_KEY_ID).',
  },
  {
    key: 'apiUrl',
    env: 'CALLSCOPE_API_URL',
    type: 'url',
    description: "Public base URL of the API ({base_url}); unset: the server's own origin.",
  },
  {
    key: 'siteUrl',
    env: 'CALLSCOPE_SITE_URL',
    type: 'url',
    description:
      "Public URL of the site ({site_url}) used in callscopeUrl, share, embed and download links. Unset: the address and port each connection reached, never a request's Host unless CALLSCOPE_ALLOWED_HOSTS lists it (or, with that unset, a loopback name on a loopback bind); `serve` warns when it listens on another address.",
  },
  {
    key: 'jwtSecret',
    env: 'CALLSCOPE_JWT_SECRET',
    type: 'string',
    description:
      'Secret that signs application tokens (at least 32 characters); unset: one is generated and kept in the database.',
  },
  {
    key: 'workers',
    env: 'CALLSCOPE_WORKERS',
    flag: '--workers',
    type: 'integer',
    min: 1,
    max: 64,
    description: 'Analysis worker threads; unset: one per CPU core.',
  },
  {
    key: 'queueSize',
    env: 'CALLSCOPE_QUEUE_SIZE',
    type: 'integer',
    default: '16',
    min: 0,
    max: 10_000,
    description: 'Analyses that may wait for a worker before new ones get 503.',
  },
  {
    key: 'accountAnalyses',
    env: 'CALLSCOPE_ACCOUNT_ANALYSES',
    type: 'integer',
    min: 1,
    max: 10_000,
    description:
      "Analyses one account may have on a node's workers at once (analyze, enrich, upload; running or waiting): past it the account gets 429 rate_limited with Retry-After, so that one tenant cannot take every worker. Unset: half of CALLSCOPE_WORKERS, at least 1.",
  },
  {
    key: 'analysisHeapMb',
    env: 'CALLSCOPE_ANALYSIS_HEAP_MB',
    type: 'integer',
    min: 64,
    description:
      "Largest JavaScript heap of one analysis worker, in MiB: an analysis that needs more is stopped (413 file_too_large) and its worker replaced. An rtcstats or jitsi dump needs a heap of about its size (200 MB: 150 to 200 MiB); a webrtc-internals dump is read as a stream and needs much less (200 MB and 1 GiB: within 128 MiB). Unset: V8's own limit, which it sizes from the host's memory (about 4 GiB on hosts of 16 GiB or more), for each worker.",
  },
  {
    key: 'analysisTimeoutMs',
    env: 'CALLSCOPE_ANALYSIS_TIMEOUT_MS',
    type: 'integer',
    default: '300000',
    min: 1000,
    description: 'An analysis running longer is stopped (500).',
  },
  {
    key: 'requestTimeoutMs',
    env: 'CALLSCOPE_REQUEST_TIMEOUT_MS',
    type: 'integer',
    default: '300000',
    min: 1000,
    description:
      'A request whose headers and body have not all arrived after this long is cut off with 408 (the headers must arrive within the smaller of this and 60 s): slow clients cannot hold connections open.',
  },
  {
    key: 'maxBodyBytes',
    env: 'CALLSCOPE_MAX_BODY_BYTES',
    type: 'bytes',
    default: String(64 * MiB),
    min: 1024,
    description: 'Largest raw request body (analyze, enrich, raw upload).',
  },
  {
    key: 'memorySpoolBytes',
    env: 'CALLSCOPE_MEMORY_SPOOL_BYTES',
    type: 'bytes',
    default: String(256 * MiB),
    min: 0,
    description:
      'Raw bodies of analyses that store nothing (analyze without save, enrich) are held in memory, up to this many bytes at once, and moved to the analysis workers without a copy when they declare their length; other bodies are spooled to a temporary file. 0 spools every body to disk.',
  },
  {
    key: 'maxChunkBytes',
    env: 'CALLSCOPE_MAX_CHUNK_BYTES',
    type: 'bytes',
    default: String(8 * MiB),
    min: 1024,
    description: 'Largest chunk of the chunked flow.',
  },
  {
    key: 'maxFileBytesTrial',
    env: 'CALLSCOPE_MAX_FILE_BYTES_TRIAL_DEVELOPER',
    type: 'bytes',
    default: String(50 * MiB),
    min: 1024,
    description: 'Largest assembled file on the trial_developer plan.',
  },
  {
    key: 'maxFileBytesDeveloper',
    env: 'CALLSCOPE_MAX_FILE_BYTES_DEVELOPER',
    type: 'bytes',
    default: String(200 * MiB),
    min: 1024,
    description: 'Largest assembled file on the developer plan.',
  },
  {
    key: 'maxFileBytesEnterprise',
    env: 'CALLSCOPE_MAX_FILE_BYTES_ENTERPRISE',
    type: 'bytes',
    default: String(2048 * MiB),
    min: 1024,
    description: 'Largest assembled file on the enterprise plan.',
  },
  {
    key: 'maxDecompressedBytes',
    env: 'CALLSCOPE_MAX_DECOMPRESSED_BYTES',
    type: 'bytes',
    default: String(4096 * MiB),
    min: 1024,
    description: 'Largest dump once gunzipped (guards against gzip bombs).',
  },
  {
    key: 'chunkTtlMs',
    env: 'CALLSCOPE_CHUNK_TTL_MS',
    type: 'integer',
    default: '3600000',
    min: 1000,
    description: 'Chunks never assembled are deleted after this long.',
  },
  {
    key: 'embedTtlMs',
    env: 'CALLSCOPE_EMBED_TTL_MS',
    type: 'integer',
    default: '86400000',
    min: 1000,
    description:
      'How long an embedUrl (enterprise plan) stays valid after it was handed out; an expired one is 404.',
  },
  {
    key: 'rateWindowMs',
    env: 'CALLSCOPE_RATE_WINDOW_MS',
    type: 'integer',
    default: '60000',
    min: 1000,
    description: 'Rate-limit window per account.',
  },
  {
    key: 'rateIngest',
    env: 'CALLSCOPE_RATE_INGEST',
    type: 'integer',
    default: '30',
    min: 1,
    description: 'Ingest requests (analyze, enrich, assemble, raw upload) per window.',
  },
  {
    key: 'rateChunks',
    env: 'CALLSCOPE_RATE_CHUNKS',
    type: 'integer',
    default: '600',
    min: 1,
    description: 'Chunk requests per window.',
  },
  {
    key: 'rateReads',
    env: 'CALLSCOPE_RATE_READS',
    type: 'integer',
    default: '120',
    min: 1,
    description:
      "Read requests (quota, sessions, observations, MCP tool calls) per window. Each new MCP session counts too (without a token, against the caller's address; an IPv6 one by its /64).",
  },
  {
    key: 'ratePublic',
    env: 'CALLSCOPE_RATE_PUBLIC',
    type: 'integer',
    default: '600',
    min: 1,
    description:
      "Requests per window to the share and embed views of one account's sessions (pages, their JSON and explanations), counted against the account that shared them.",
  },
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
  {
    key: 'collect',
    env: 'CALLSCOPE_COLLECT',
    type: 'boolean',
    default: 'true',
    description:
      'Accept live collection: apps stream their calls over WebSocket to /v1.0/collect with a collect token, and each call is analyzed and saved when it ends (docs/collect.md).',
  },
  {
    key: 'collectMaxCallBytes',
    env: 'CALLSCOPE_COLLECT_MAX_CALL_BYTES',
    type: 'bytes',
    default: String(100 * MiB),
    min: 1024,
    description:
      "Largest dump one collected call may write (the account plan's file limit applies too): past it the connection is closed (1008) and the call analyzed as it stands.",
  },
  {
    key: 'collectMaxAccountBytes',
    env: 'CALLSCOPE_COLLECT_MAX_ACCOUNT_BYTES',
    type: 'bytes',
    default: String(2048 * MiB),
    min: 1024,
    description:
      'Bytes one account may hold in collected dumps not yet saved (calls in progress, and calls kept for want of credits): past it new connections are refused and writing ones closed (1008).',
  },
  {
    key: 'collectMaxMessageBytes',
    env: 'CALLSCOPE_COLLECT_MAX_MESSAGE_BYTES',
    type: 'bytes',
    default: String(1 * MiB),
    min: 1024,
    description: 'Largest WebSocket message a collecting client may send: a larger one closes it (1009).',
  },
  {
    key: 'collectMessagesPerSecond',
    env: 'CALLSCOPE_COLLECT_MESSAGES_PER_SECOND',
    type: 'integer',
    default: '50',
    min: 1,
    description:
      'Messages per second one collecting connection may send on average, with bursts of ten times as many (a client sending what it buffered before connecting): a flood past it is closed (1008).',
  },
  {
    key: 'collectIdleTimeoutMs',
    env: 'CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS',
    type: 'integer',
    default: '60000',
    min: 100,
    description:
      'A collecting connection that sends no whole message for this long is closed (1001) and its call ends; a jitsi client that dropped without saying goodbye has as long to reconnect and continue its call.',
  },
  {
    key: 'collectFlushMs',
    env: 'CALLSCOPE_COLLECT_FLUSH_MS',
    type: 'integer',
    default: '5000',
    min: 10,
    description:
      "How often each call's newly received data is written to the blob store: a node that dies loses at most this much of each call. A call whose node stopped refreshing it for three times this long is taken for orphaned, and analyzed by another node or the restarted one.",
  },
  {
    key: 'collectWithoutCredits',
    env: 'CALLSCOPE_COLLECT_WITHOUT_CREDITS',
    type: 'string',
    default: 'keep',
    values: ['keep', 'refuse'],
    description:
      'keep: a call of an account without credits is collected and kept unanalyzed, and analyzed once credits are added; refuse: such a connection is closed at once (1008).',
  },
  {
    key: 'collectMaxConnections',
    env: 'CALLSCOPE_COLLECT_MAX_CONNECTIONS',
    type: 'integer',
    default: '5000',
    min: 1,
    description: 'Collecting connections one node holds at once; more are refused (1013, try again later).',
  },
] as const satisfies readonly Setting[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
