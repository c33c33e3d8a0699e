import type { RawStatsResult, RawStatsTask } from '../analysis/raw-stats/task.js';
import { BlobNotFoundError } from '../storage/blobs/blob-store.js';
import type { SessionRow } from '../storage/index.js';
import { AnalysisMemoryError, AnalysisTimeoutError, PoolSaturatedError } from '../worker/pool-errors.js';
import type { ProblemKind } from '../worker/task.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { analysisError } from './ingest.js';

/** What the explorer asks of a dump: a task without the file, which the service adds. */
export type RawStatsAsk = DistributiveOmit<RawStatsTask, 'path' | 'maxDecompressedBytes'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Reads of one account waiting behind its running one; past this the request is 429. */
const MAX_WAITING = 4;
const BUSY_RETRY_AFTER_S = 2;
/** Indexes kept, and for how long: opening the explorer, then its tree and its charts, reads once. */
const INDEX_CACHE = { entries: 32, ttlMs: 5 * 60_000 };

/**
 * Reads of stored dumps for the raw stats explorer. Each account reads one dump at a time on this
 * node (others wait, a few at most): a page that asks for many series at once, or a script, cannot
 * take every worker. The index of a dump, asked for on every opening, is cached for a few minutes.
 */
export class RawStatsReader {
  readonly #accounts = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  readonly #indexes = new Map<string, { json: string; at: number }>();

  constructor(private readonly ctx: ServiceContext) {}

  /** The reply of `ask` as JSON text. */
  async read(row: SessionRow, ask: RawStatsAsk): Promise<string> {
    const key = `${row.id}:${row.blobKey}`;
    if (ask.kind === 'index') {
      const hit = this.#indexes.get(key);
      if (hit && this.ctx.now() - hit.at < INDEX_CACHE.ttlMs) return hit.json;
    }
    const json = await this.#serialized(row.accountId, () => this.#run(row, ask));
    if (ask.kind === 'index') {
      this.#indexes.delete(key);
      this.#indexes.set(key, { json, at: this.ctx.now() });
      // Oldest first in a Map: drop from the front.
      while (this.#indexes.size > INDEX_CACHE.entries)
        this.#indexes.delete(this.#indexes.keys().next().value!);
    }
    return json;
  }

  async #serialized<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const state = this.#accounts.get(accountId) ?? { tail: Promise.resolve(), waiting: 0 };
    if (state.waiting >= MAX_WAITING)
      throw new ApiError(
        'rate_limited',
        'This account is already reading dumps for the raw stats explorer: retry in a moment.',
        { 'retry-after': String(BUSY_RETRY_AFTER_S) },
      );
    state.waiting++;
    this.#accounts.set(accountId, state);
    const mine = state.tail.then(work, work);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    state.tail = settled;
    try {
      return await mine;
    } finally {
      state.waiting--;
      if (state.waiting === 0 && state.tail === settled) this.#accounts.delete(accountId);
    }
  }

  async #run(row: SessionRow, ask: RawStatsAsk): Promise<string> {
    let local: { path: string; release(): Promise<void> } | undefined;
    try {
      local = await this.ctx.blobs.localFile(row.blobKey);
      const task = {
        ...ask,
        path: local.path,
        maxDecompressedBytes: this.ctx.config.limits.maxDecompressedBytes,
      } as RawStatsTask;
      return answer(await this.ctx.pool.runRawStats(task));
    } catch (error) {
      throw asApiError(error);
    } finally {
      await local?.release();
    }
  }
}

function answer(result: RawStatsResult): string {
  if (result.ok) return result.json;
  if (result.kind === 'missing') throw new ApiError('not_found', result.message);
  throw analysisError({ kind: result.kind as ProblemKind, message: result.message }, 'analyze');
}

function asApiError(error: unknown): unknown {
  if (error instanceof BlobNotFoundError)
    return new ApiError('not_found', 'The dump file of this session is no longer stored.');
  if (error instanceof PoolSaturatedError)
    return new ApiError('server_busy', 'Every analysis worker is busy: retry shortly.', {
      'retry-after': '5',
    });
  if (error instanceof AnalysisTimeoutError)
    return new ApiError(
      'server_error',
      `Reading the dump took longer than ${Math.round(error.timeoutMs / 1000)} s and was stopped.`,
    );
  if (error instanceof AnalysisMemoryError)
    return new ApiError(
      'file_too_large',
      'Reading this dump needs more memory than this server gives one read.',
    );
  return error;
}

const readers = new WeakMap<ServiceContext, RawStatsReader>();

/** The service's reader (one per service context, made on first use). */
export function rawStatsReader(ctx: ServiceContext): RawStatsReader {
  let reader = readers.get(ctx);
  if (!reader) {
    reader = new RawStatsReader(ctx);
    readers.set(ctx, reader);
  }
  return reader;
}
