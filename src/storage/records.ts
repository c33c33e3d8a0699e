import type { Plan } from '../config/config.js';
import type { Tag } from '../model/payload/observation.js';

export interface Account {
  id: string;
  name: string;
  email: string | null;
  plan: Plan;
  createdAt: number;
  /** False when an administrator has withdrawn API access (`callscope accounts disable-api`). */
  apiAccess: boolean;
}

export interface Quota {
  accountName: string;
  accountPlan: Plan;
  allowedCredits: number;
  remainingCredits: number;
}

/** `collect`: only streams calls to the collector (src/collect); refused everywhere else. */
export type TokenScope = 'full' | 'read_only' | 'collect';

export interface TokenRecord {
  id: string;
  accountId: string;
  name: string;
  scope: TokenScope;
  tokenHash: string;
  createdAt: number;
  revokedAt: number | null;
  /** Collect tokens: browser origins allowed to use it (`https://app.example`); null: any. */
  origins: string[] | null;
}

/** The indexed summary of a stored session: what the list filters look at. */
export interface SessionAbstract {
  observationFlags: string[];
  observationTags: Tag[];
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
  conferenceId: string | null;
  sessionId: string | null;
  userId: string | null;
  experienceScore: number | null;
  connectivity: string | null;
  observationsCritical: number;
  observationsHigh: number;
  observationsMedium: number;
  scoreBand: 'low' | 'medium' | 'high' | 'unrated';
}

/**
 * What insights count about a session beyond its abstract (src/insights): scores, one figure per
 * aggregated stat, and each observation type and cause with its worst severity.
 */
export interface SessionInsight {
  audioScore: number | null;
  videoScore: number | null;
  connectivityScore: number | null;
  observationsScore: number | null;
  rttMs: number | null;
  jitterMs: number | null;
  packetLossPercent: number | null;
  bitrateInKbps: number | null;
  bitrateOutKbps: number | null;
  observations: { type: string; severity: string }[];
  causes: { type: string; severity: string }[];
}

export interface NewSession {
  id: string;
  accountId: string;
  createdAt: number;
  title: string;
  fileName: string;
  fileSize: number;
  blobKey: string;
  processorVersion: string;
  /** gzip-compressed JSON of the session payload. */
  payload: Uint8Array;
  uploadedBy: string | null;
  uploadedByEmail: string | null;
  callStart: number | null;
  callEnd: number | null;
  abstract: SessionAbstract;
  /** Absent: insights count the abstract's figures only (experience score, bands, severities). */
  insight?: SessionInsight;
}

export interface SessionRow {
  id: string;
  accountId: string;
  createdAt: number;
  title: string;
  description: string | null;
  tags: string[];
  publicLink: string | null;
  fileName: string;
  fileSize: number;
  blobKey: string;
  processorVersion: string;
  uploadedBy: string | null;
  uploadedByEmail: string | null;
  callStart: number | null;
  callEnd: number | null;
  abstract: SessionAbstract | null;
  /** The written summary of the analysis, when the service is configured to ask for one. */
  aiSummary: string | null;
}

export interface SessionFilters {
  name?: string[];
  /** Extension: the stored file name contains any of these (case-insensitive). */
  fileName?: string[];
  observationTags?: string[];
  observationFlags?: string[];
  os?: string;
  browser?: string;
  browserVersion?: string;
  userId?: string;
  conferenceId?: string;
  sessionId?: string;
  hasCritical?: boolean;
  hasHigh?: boolean;
  hasMedium?: boolean;
  hasLowScore?: boolean;
  hasMediumScore?: boolean;
  hasHighScore?: boolean;
  /** Extension: call start in [from, to), epoch ms (sessions without a call start never match). */
  from?: number;
  to?: number;
  /** Extension: exact connectivity (DIRECT/UDP, RELAY/TLS…), as insights group by it. */
  connectivity?: string;
}

/** Extension: the order of a sessions list. Sessions without the value come last either way. */
export const SESSION_SORTS = ['createdAt', 'callStart', 'experienceScore'] as const;
export interface SessionSort {
  by: (typeof SESSION_SORTS)[number];
  order: 'asc' | 'desc';
}

export interface SessionPage {
  rows: SessionRow[];
  totalCount: number;
}

export interface SessionPatch {
  title?: string;
  description?: string | null;
  tags?: string[];
  publicLink?: string | null;
}

export interface ChunkRecord {
  index: number;
  size: number;
  blobKey: string;
  createdAt: number;
}

/** Who claims an Idempotency-Key, for how long, and how to tell that a holder's process is gone. */
export interface IdempotencyClaim {
  owner: string;
  leaseUntil: number;
  ownerGone?(owner: string): boolean;
}

export type IdempotencyState =
  | { kind: 'new' }
  | { kind: 'pending' }
  | { kind: 'mismatch' }
  | { kind: 'done'; statusCode: number; response: Uint8Array };

export interface McpSessionRecord {
  id: string;
  accountId: string | null;
  protocolVersion: string | null;
  createdAt: number;
  lastSeenAt: number;
}
