/**
 * Tables of the service database, shared by SQLite and PostgreSQL through Kysely. Times are epoch
 * milliseconds (integer / bigint), booleans 0/1, payloads gzip-compressed JSON bytes. Filterable
 * facts are plain columns or join tables, so every list filter is an index lookup.
 */
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  email: string | null;
  plan: string;
  /** Credits granted every month; `monthly_used` of them are spent in the current period. */
  monthly_allocation: number;
  monthly_used: number;
  /** Purchased credits left, and those spent in the current period (both count in allowedCredits). */
  purchased_balance: number;
  purchased_used: number;
  period_start: number;
  created_at: number;
  /** 1 while the account may use the API (REST and MCP); 0 refuses it with 403 `forbidden` (migration 003). */
  api_access: number;
}

export interface TokensTable {
  /** The JWT's `jti`. */
  id: string;
  account_id: string;
  name: string;
  scope: string;
  /** sha256 of the whole token: a verified signature alone is not enough. */
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
  /** Collect tokens: the browser origins allowed, comma-separated; null: any (migration 006). */
  origins: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A credit taken for work in flight: settled with the work, or given back. */
export interface CreditHoldsTable {
  id: string;
  account_id: string;
  bucket: string;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  created_at: number;
  title: string;
  description: string | null;
  /** The written summary of the analysis (CALLSCOPE_AI_URL); null until one arrives. */
  ai_summary: string | null;
  /** JSON array of user-defined tags. */
  tags: string;
  public_link: string | null;
  file_name: string;
  file_size: number;
  blob_key: string;
  processor_version: string;
  uploaded_by: string | null;
  uploaded_by_email: string | null;
  call_start: number | null;
  call_end: number | null;
  /** Abstract columns (null until indexed). */
  indexed: number;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  os_version: string | null;
  conference_id: string | null;
  session_ref: string | null;
  user_id: string | null;
  experience_score: number | null;
  connectivity: string | null;
  obs_critical: number;
  obs_high: number;
  obs_medium: number;
  /** Bits of the observation tags (tag-mask.ts), for the observationTags filter. */
  obs_tag_mask: number;
  /** Bits of the observation types (flag-mask.ts), for the observationFlags filter. */
  obs_flags_0: number;
  obs_flags_1: number;
  obs_flags_2: number;
  obs_flags_3: number;
  score_band: string;
  /** Insight figures (migration 008, src/insights/metrics.ts); null when not measured. */
  audio_score: number | null;
  video_score: number | null;
  connectivity_score: number | null;
  observations_score: number | null;
  rtt_ms: number | null;
  jitter_ms: number | null;
  loss_percent: number | null;
  bitrate_in_kbps: number | null;
  bitrate_out_kbps: number | null;
  /** 1 when the insight figures and session_observations come from the payload; 0 for sessions stored before 008. */
  insight_facts: number;
}

/** Every observation type of a session with its worst severity (`type`), and every cause (`cause`). */
export interface SessionObservationsTable {
  session_id: string;
  account_id: string;
  kind: string;
  type: string;
  severity: string;
}

/**
 * Insight rollups (src/storage/insights.ts): one row per account and combination of the keys, with
 * the figures of its sessions as accumulator JSON (src/insights/accumulator.ts).
 */
export interface InsightCellsTable {
  /** sha256 of the key columns. */
  cell_id: string;
  account_id: string;
  /** UTC day numbers (epoch ms / 86 400 000) of the call start (null: unknown) and of the creation. */
  start_day: number | null;
  created_day: number;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  connectivity: string | null;
  processor_version: string;
  score_band: string;
  /** Bits: 1 some critical observation, 2 some high, 4 some medium. */
  sev_mask: number;
  sessions: number;
  data: string;
}

export interface SessionPayloadsTable {
  session_id: string;
  /** gzip-compressed JSON of the session payload. */
  payload: Uint8Array;
}

export interface SessionFactsTable {
  session_id: string;
  account_id: string;
  value: string;
}

export interface UploadChunksTable {
  account_id: string;
  file_id: string;
  chunk_index: number;
  size: number;
  blob_key: string;
  created_at: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  request_hash: string;
  /** 'pending' while the first request runs, then 'done'. */
  state: string;
  status_code: number | null;
  /** gzip-compressed response body. */
  response: Uint8Array | null;
  created_at: number;
  /** The process running the first request (service/instance.ts); null on records made before 007. */
  owner: string | null;
  /** Until when `owner` holds the pending key unless it renews it (epoch ms). */
  lease_until: number | null;
}

export interface McpSessionsTable {
  id: string;
  account_id: string | null;
  protocol_version: string | null;
  created_at: number;
  last_seen_at: number;
}

export interface RateCountersTable {
  account_id: string;
  bucket: string;
  window_start: number;
  count: number;
}

export interface MigrationsTable {
  id: Generated<number>;
  name: string;
  applied_at: number;
}

/** Calls collected over WebSocket (src/collect): their dump parts live in the blob store. */
export interface CollectCallsTable {
  id: string;
  account_id: string;
  token_id: string;
  /** rtcstats-v3, rtcstats-2 or jitsi. */
  protocol: string;
  /** The client's own id for the call when it has one (jitsi statsSessionId): reconnects continue it. */
  client_key: string | null;
  /** open, lingering, ended, ending, unanalyzed, done or failed (see src/collect/calls-repo.ts). */
  state: string;
  /** The node holding the call (its connection, or its analysis). */
  owner: string | null;
  parts: number;
  bytes: number;
  messages: number;
  started_at: number;
  /** Refreshed by the owner while it holds the call: an old value means the owner died. */
  seen_at: number;
  session_id: string | null;
  error: string | null;
}

export interface Database {
  accounts: AccountsTable;
  tokens: TokensTable;
  settings: SettingsTable;
  credit_holds: CreditHoldsTable;
  sessions: SessionsTable;
  session_payloads: SessionPayloadsTable;
  /** Observation types of critical/high/medium observations (`observationFlags`). */
  session_flags: SessionFactsTable;
  /** Tags of critical/high/medium observations (`observationTags`). */
  session_tags: SessionFactsTable;
  upload_chunks: UploadChunksTable;
  idempotency_keys: IdempotencyKeysTable;
  mcp_sessions: McpSessionsTable;
  rate_counters: RateCountersTable;
  collect_calls: CollectCallsTable;
  session_observations: SessionObservationsTable;
  insight_cells: InsightCellsTable;
}
