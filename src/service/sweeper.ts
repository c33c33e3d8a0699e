import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { ASSEMBLE_PREFIX } from './chunks.js';
import type { ServiceContext } from './context.js';

const DAY = 24 * 60 * 60 * 1000;

/** What housekeeping needs: the CLI runs it without analysis workers or an HTTP server. */
export type SweepContext = Pick<ServiceContext, 'config' | 'storage' | 'blobs' | 'now' | 'tmpDir'>;

/**
 * How long work in flight may keep a credit hold, a dump whose session is not recorded yet, or a
 * temporary file before housekeeping takes them for leftovers of a process that died: twice the
 * analysis time limit (the analysis bounds the work between taking a hold and storing a result;
 * the second half covers writing the dump). A hold given back while its work still runs is not
 * lost money: the work takes a credit again when it settles, or stores nothing.
 */
export const inFlightGraceMs = (config: Pick<Config, 'analysisTimeoutMs'>): number =>
  2 * config.analysisTimeoutMs;

export interface SweepOptions {
  /**
   * Also look for orphans: dumps without a session, chunk files without a chunk row, temporary
   * files of interrupted writes. This lists the blob store, so the sweeper does it at start and
   * hourly rather than every minute.
   */
  orphans?: boolean;
}

export interface SweepResult {
  chunks: number;
  holds: number;
  idempotencyKeys: number;
  mcpSessions: number;
  orphanDumps: number;
  orphanChunks: number;
  incompleteWrites: number;
  tmpFiles: number;
}

/**
 * Housekeeping shared by every node (each step is idempotent): chunks never assembled, credit holds
 * and pending idempotency keys left by a process that died mid-work, old idempotency records, idle
 * MCP sessions and, with
 * `orphans`, blobs that lost their rows in a crash.
 */
export async function sweep(ctx: SweepContext, options: SweepOptions = {}): Promise<SweepResult> {
  const now = ctx.now();
  const grace = inFlightGraceMs(ctx.config);
  const chunkKeys = await ctx.storage.chunks.expire(now - ctx.config.limits.chunkTtlMs);
  for (const key of chunkKeys) await ctx.blobs.delete(key).catch(() => {});
  const holds = await ctx.storage.accounts.releaseStaleHolds(now - grace);
  const idempotencyKeys =
    (await ctx.storage.idempotency.expire(now - DAY)) +
    // The answer of an assembled fileId is kept as long as its chunks would have been.
    (await ctx.storage.idempotency.expire(now - ctx.config.limits.chunkTtlMs, ASSEMBLE_PREFIX)) +
    (await ctx.storage.idempotency.abandonPending(now - grace));
  const mcpSessions = await ctx.storage.mcpSessions.expire(now - DAY);
  const result: SweepResult = {
    chunks: chunkKeys.length,
    holds,
    idempotencyKeys,
    mcpSessions,
    orphanDumps: 0,
    orphanChunks: 0,
    incompleteWrites: 0,
    tmpFiles: 0,
  };
  if (options.orphans) {
    const before = now - grace;
    result.orphanDumps = await sweepOrphanDumps(ctx, before);
    result.orphanChunks = await sweepOrphanChunks(ctx, before);
    result.incompleteWrites = (await ctx.blobs.purgeIncomplete?.(before)) ?? 0;
    result.tmpFiles = await sweepTmp(ctx.tmpDir, before);
  }
  return result;
}

/**
 * Dumps under `dumps/<account>/<session>` written before `before` whose session is not stored.
 * An ingest writes the dump before the session row, under the id of its credit hold: a dump whose
 * hold is still on record belongs to work in flight and is kept whatever its age.
 */
async function sweepOrphanDumps(ctx: SweepContext, before: number): Promise<number> {
  const candidates: { key: string; id: string }[] = [];
  for await (const entry of ctx.blobs.listWithAge('dumps/')) {
    if (entry.modifiedAt >= before) continue;
    candidates.push({ key: entry.key, id: entry.key.split('/').pop() ?? '' });
  }
  let removed = 0;
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const ids = batch.map((c) => c.id);
    // Holds first: an ingest that commits between the two look-ups has a session by the second.
    const held = await ctx.storage.accounts.existingHolds(ids);
    const stored = await ctx.storage.sessions.existingIds(ids);
    for (const c of batch) {
      if (held.has(c.id) || stored.has(c.id)) continue;
      await ctx.blobs.delete(c.key).catch(() => {});
      removed++;
    }
  }
  return removed;
}

/** Chunk files under `chunks/<account>/<fileId>/<index>` written before `before` without a chunk row. */
async function sweepOrphanChunks(ctx: SweepContext, before: number): Promise<number> {
  let removed = 0;
  for await (const entry of ctx.blobs.listWithAge('chunks/')) {
    if (entry.modifiedAt >= before) continue;
    const [, accountId, fileId, index] = entry.key.split('/');
    const known =
      accountId !== undefined &&
      fileId !== undefined &&
      /^\d+$/.test(index ?? '') &&
      (await ctx.storage.chunks.hasBlob(accountId, fileId, Number(index), entry.key));
    if (known) continue;
    await ctx.blobs.delete(entry.key).catch(() => {});
    removed++;
  }
  return removed;
}

/** Request bodies spooled by a process that died (and S3 downloads it never released). */
async function sweepTmp(dir: string, before: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => undefined);
    if (!s || s.mtimeMs >= before) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Runs `sweep` every `everyMs` (with orphans at start and every `orphansEveryMs`); returns a stop
 * function. Failures are logged, never thrown.
 */
export function startSweeper(ctx: ServiceContext, everyMs = 60_000, orphansEveryMs = 3_600_000): () => void {
  let lastOrphans = Number.NEGATIVE_INFINITY;
  const run = () => {
    const orphans = ctx.now() - lastOrphans >= orphansEveryMs;
    if (orphans) lastOrphans = ctx.now();
    return sweep(ctx, { orphans }).then(
      (done) => {
        if (Object.values(done).some((n) => n > 0)) ctx.log.info({ swept: done }, 'housekeeping');
      },
      (error) => ctx.log.warn({ err: error }, 'housekeeping failed'),
    );
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
