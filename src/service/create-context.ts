import { join } from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { BlobStore } from '../storage/blobs/blob-store.js';
import { FsBlobStore } from '../storage/blobs/fs/fs-blob-store.js';
import { openStorage, type Storage } from '../storage/index.js';
import { AnalysisPool, type PoolOptions } from '../worker/analysis-pool.js';
import { AccountSlots } from './account-slots.js';
import { AiSummarizer } from './ai-summary.js';
import type { ServiceContext } from './context.js';
import { MemoryBudget } from './incoming-file.js';
import { newInstanceId } from './instance.js';
import { prettyDestination } from './log-format.js';
import { Metrics } from './metrics.js';
import { RateLimiter } from './rate-limiter.js';
import { TokenService } from './tokens.js';

/**
 * The key in a link path: share links, embed tokens and download links open a session to whoever
 * holds them, so a request log must not be a list of working links.
 */
const LINK_KEY = /^(\/(?:share|embed|download)\/)[^/?#]+/;

export const redactedUrl = (url: string): string => url.replace(LINK_KEY, '$1[redacted]');

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The service's logger, to stdout unless given another destination (tests): JSON lines, or
 * readable lines (see prettyDestination) when `format` says so, or says auto and stdout is a terminal.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: 'auto' | 'json' | 'pretty' = 'json',
  terminal = process.stdout.isTTY === true,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    // Fastify's request fields, with the key of a link path left out.
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactedUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
  const pretty = format === 'pretty' || (format === 'auto' && terminal);
  if (pretty) return pino(options, prettyDestination(destination ?? process.stdout));
  return destination ? pino(options, destination) : pino(options);
}

export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.blobStore === 's3') {
    const { bucket, endpoint, region, prefix, forcePathStyle, credentials } = config.s3;
    // Loaded only when configured: the AWS SDK takes half a second to import, at every start.
    const { S3BlobStore } = await import('../storage/blobs/s3/s3-blob-store.js');
    // parseConfig refuses s3 without a bucket.
    return new S3BlobStore({
      bucket: bucket!,
      region,
      prefix,
      ...(endpoint ? { endpoint } : {}),
      ...(forcePathStyle !== undefined ? { forcePathStyle } : {}),
      ...(credentials ? { credentials } : {}),
      tmpDir: join(config.dataDir, 'tmp'),
    });
  }
  return new FsBlobStore(join(config.dataDir, 'blobs'));
}

/** Opens everything a service instance needs from its configuration. */
export async function createContext(
  config: Config,
  overrides: {
    storage?: Storage;
    blobs?: BlobStore;
    log?: Logger;
    now?: () => number;
    /** The analysis worker entry (tests: one that holds analyses open until told). */
    analysisWorker?: PoolOptions['worker'];
  } = {},
): Promise<ServiceContext> {
  const log = overrides.log ?? createLogger(config.logLevel, undefined, config.logFormat);
  const storage =
    overrides.storage ??
    (await openStorage({
      dataDir: config.dataDir,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      // The message only: the error carries the pg client object, connection parameters included.
      onConnectionLost: (error) => log.warn({ reason: error.message }, 'lost an idle PostgreSQL connection'),
    }));
  const now = overrides.now ?? Date.now;
  const spoolMemory = new MemoryBudget(config.limits.memorySpoolBytes);
  const metrics = new Metrics({ bodyMemory: () => spoolMemory.used });
  return {
    config,
    storage,
    blobs: overrides.blobs ?? (await createBlobStore(config)),
    pool: new AnalysisPool({
      workers: config.workers,
      queueSize: config.queueSize,
      timeoutMs: config.analysisTimeoutMs,
      heapMb: config.analysisHeapMb,
      ...(overrides.analysisWorker ? { worker: overrides.analysisWorker } : {}),
    }),
    slots: new AccountSlots(config.accountAnalyses),
    tokens: await TokenService.create(storage, config.jwtSecret, { embedTtlMs: config.embedTtlMs }),
    rate: new RateLimiter(storage, config.rateLimits, now),
    metrics,
    ai: new AiSummarizer(config.ai, {
      setAiSummary: (...args) => storage.sessions.setAiSummary(...args),
      log,
      metrics,
    }),
    log,
    tmpDir: join(config.dataDir, 'tmp'),
    spoolMemory,
    now,
    instanceId: newInstanceId(),
    holdsInFlight: new Set(),
  };
}

/** Stops the workers (after the analyses in flight) and closes the database. */
export async function closeContext(ctx: ServiceContext): Promise<void> {
  await ctx.ai.close();
  await ctx.pool.close();
  await ctx.storage.close();
}
