import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { BlobStore } from '../storage/blobs/blob-store.js';
import type { Storage } from '../storage/index.js';
import type { AnalysisPool } from '../worker/analysis-pool.js';
import type { AccountSlots } from './account-slots.js';
import type { AiSummarizer } from './ai-summary.js';
import type { MemoryBudget } from './incoming-file.js';
import type { Metrics } from './metrics.js';
import type { RateLimiter } from './rate-limiter.js';
import type { TokenService } from './tokens.js';

/** Everything the service operations need, built once at start and passed in (no singletons). */
export interface ServiceContext {
  config: Config;
  storage: Storage;
  blobs: BlobStore;
  pool: AnalysisPool;
  /** Analyses each account has on the pool (CALLSCOPE_ACCOUNT_ANALYSES). */
  slots: AccountSlots;
  tokens: TokenService;
  rate: RateLimiter;
  metrics: Metrics;
  /** Written summaries of saved analyses (off unless CALLSCOPE_AI_URL is set). */
  ai: AiSummarizer;
  log: Logger;
  /** Where request bodies are spooled. */
  tmpDir: string;
  /** Room for request bodies held in memory instead (absent: always spooled to tmpDir). */
  spoolMemory?: MemoryBudget;
  now(): number;
  /** Credit holds of work in flight in this process: a shutdown gives back those it cannot wait for. */
  holdsInFlight: Set<string>;
  /** This process, as Idempotency-Key records name their holder (instance.ts). */
  instanceId: string;
}
