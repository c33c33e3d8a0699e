import { createHash, randomUUID } from 'node:crypto';
import { type Account, HoldLostError } from '../storage/index.js';
import { sessionAnalyzed } from '../webhooks/events.js';
import { enqueueEvent } from '../webhooks/store.js';
import {
  AnalysisCancelledError,
  AnalysisMemoryError,
  AnalysisTimeoutError,
  PoolSaturatedError,
} from '../worker/pool-errors.js';
import type { AnalysisProblem, AnalysisTask, PartsOf, PayloadIdentity } from '../worker/task.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { checkIdempotencyKey, idempotent, type JsonReply } from './idempotent.js';
import type { IncomingFile } from './incoming-file.js';
import type { AuthContext } from './tokens.js';
import { sessionLinks } from './urls.js';

export type Operation = 'analyze' | 'upload' | 'enrich';

export interface IngestOptions {
  /** Store the dump and its analysis (always for upload). */
  save: boolean;
  fileName?: string;
  siteUrl: string;
  idempotencyKey?: string;
  /**
   * Aborted when the client has gone away. Given for analyses that keep nothing (analyze without
   * save, enrich): nobody would read the answer, so the analysis is stopped and spends nothing.
   */
  cancel?: AbortSignal;
  /** Count the analysis against the account's CALLSCOPE_ACCOUNT_ANALYSES (API requests). */
  accountLimit?: boolean;
}

/**
 * Retry-After of a 429 for an account at CALLSCOPE_ACCOUNT_ANALYSES: most analyses take a second
 * or two (bench/api.ts), so one of the account's slots is likely free again by then.
 */
const ACCOUNT_BUSY_RETRY_AFTER_S = 5;

/** The client went away: its analysis was stopped (never stored, never replayed, nothing spent). */
export class ClientGoneError extends ApiError {
  /** Not an answer to the request: a retry with its Idempotency-Key runs the analysis again. */
  override readonly replayable = false;
  constructor() {
    super(
      'invalid_request',
      'The client closed the connection before the analysis finished: it was stopped, and no credit was spent.',
    );
  }
}

const DUMP_ERRORS: Record<
  string,
  { code: 'parsing_issue' | 'other_issue' | 'file_too_large' | 'invalid_request'; prefix: string }
> = {
  unreadable: { code: 'parsing_issue', prefix: 'The file is not a WebRTC dump that can be read' },
  unsupported: { code: 'other_issue', prefix: 'The dump is of a kind callscope does not analyze' },
  'too-large': { code: 'file_too_large', prefix: 'The dump is too large once decompressed' },
  compression: { code: 'invalid_request', prefix: 'The file could not be decompressed' },
};

export function requireWrite(auth: AuthContext): void {
  if (auth.scope !== 'full')
    throw new ApiError('insufficient_scope', 'This token is read-only: use a token with the full scope.');
}

/** Whether an analysis problem is the dump's (refused), not a failure of ours. */
export const dumpProblem = (problem: AnalysisProblem): boolean => problem.kind in DUMP_ERRORS;

/** An analysis failure as the API error a client can act on. */
export function analysisError(problem: AnalysisProblem, operation: Operation): ApiError {
  const known = DUMP_ERRORS[problem.kind];
  if (!known) return new ApiError('server_error', 'The analysis failed unexpectedly.');
  // Upload documents no 415: an unreadable file is an invalid request there.
  const code = operation === 'upload' && known.code !== 'file_too_large' ? 'invalid_request' : known.code;
  return new ApiError(code, `${known.prefix}: ${problem.message}`);
}

/** The hash an Idempotency-Key is tied to: a retry must be the same request. */
export const requestHash = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** What an ingest did, in typed parts: the edge builds its reply from them (edge/replies.ts). */
export interface Ingested {
  operation: Operation;
  /** The payload (its JSON, serialized once by the worker) and what a stored session indexes. */
  parts: PartsOf<'json'>;
  /** The stored session's id and links (a saved analysis only). */
  session?: { callscopeId: string; callscopeUrl: string; embedUrl?: string };
  /** When the work was done (ms since the epoch). */
  finishedAt: number;
}

/** Builds the answer to an ingest, kept as it is for Idempotency-Key replays. */
export type IngestReply = (done: Ingested) => JsonReply;

/**
 * Analyze, upload and enrich: one credit held before the work and settled with it (a failure
 * spends nothing), optional storage of dump and analysis in one transaction, and Idempotency-Key
 * replays of the first answer, which `reply` builds.
 */
export async function ingest(
  ctx: ServiceContext,
  auth: AuthContext,
  operation: Operation,
  file: IncomingFile,
  options: IngestOptions,
  reply: IngestReply,
): Promise<JsonReply> {
  requireWrite(auth);
  const work = async () => reply(await ingestFile(ctx, auth.account, operation, file, options));
  const key = options.idempotencyKey;
  if (key === undefined) return work();
  checkIdempotencyKey(key);
  const hash = requestHash([operation, options.save, options.fileName ?? null, await file.sha256()]);
  return idempotent(ctx, auth.account.id, key, hash, work);
}

/** The work of `ingest` once its Idempotency-Key (if any) is this request's own. */
export async function ingestFile(
  ctx: ServiceContext,
  account: Account,
  operation: Operation,
  file: IncomingFile,
  options: IngestOptions,
): Promise<Ingested> {
  const maxFile = ctx.config.limits.maxFileBytes[account.plan];
  if (file.size > maxFile)
    throw new ApiError(
      'file_too_large',
      `The file is ${file.size} bytes; the ${account.plan} plan accepts up to ${maxFile} bytes.`,
    );
  // The hold carries the id of the session it pays for: housekeeping keeps a dump whose hold is on
  // record (work in flight) and removes one with neither hold nor session (a crash in between).
  const sessionId = randomUUID();
  const hold = await ctx.storage.accounts.hold(account.id, ctx.now(), sessionId);
  if (!hold) throw new ApiError('no_credits', 'No credits left on this account: see GET /v1.0/quota.');
  ctx.holdsInFlight.add(hold);
  const save = operation === 'upload' || options.save;
  // The payload names the file as a stored session's row does (and GET answers), never the spool
  // file: the name given, else `dump`, stored or not (the specification types fileName as a string).
  const fileName = options.fileName ?? 'dump';
  const createdAt = ctx.now();
  // A hold that outlived its lifetime was given back by housekeeping: a credit is taken again.
  const recharge = { accountId: account.id, now: createdAt };
  let settled = false;
  let blobKey: string | undefined;
  try {
    // The links first: nothing is spent or stored when they cannot be made.
    const links = save
      ? await sessionLinks(options.siteUrl, sessionId, account.plan, () => ctx.tokens.embedToken(sessionId))
      : undefined;
    const result = await analyze(ctx, account, operation, file, options, {
      fileName,
      store: save,
      identity: save
        ? {
            id: sessionId,
            created_at: new Date(createdAt).toISOString(),
            uploaded_by: account.id,
            uploaded_by_email: account.email,
          }
        : { id: randomUUID(), created_at: null, uploaded_by: null, uploaded_by_email: null },
    });
    // Gone while the worker finished: nobody will read the answer, so it is not paid for.
    if (options.cancel?.aborted) throw new ClientGoneError();
    if (save) {
      blobKey = `dumps/${account.id}/${sessionId}`;
      await ctx.blobs.put(blobKey, file.open());
      await ctx.storage.sessions.insert(
        {
          id: sessionId,
          accountId: account.id,
          createdAt,
          title: result.facts.title,
          fileName,
          fileSize: file.size,
          blobKey,
          processorVersion: result.processorVersion,
          payload: result.gzip!,
          uploadedBy: account.id,
          uploadedByEmail: account.email,
          callStart: result.facts.callStart,
          callEnd: result.facts.callEnd,
          abstract: result.facts.abstract,
          insight: result.facts.insight,
        },
        async (trx) => {
          const outcome = await ctx.storage.accounts.settle(hold, trx, recharge);
          // Without its hold, the dump may have been taken for an orphan: store nothing without it.
          if (outcome === 'recharged' && (await ctx.blobs.size(blobKey!)) === undefined)
            throw new ApiError('server_error', 'The stored dump went missing: the upload was not completed.');
          // The account's webhooks hear of the session in the transaction that saves it.
          await enqueueEvent(
            trx,
            sessionAnalyzed({
              accountId: account.id,
              sessionId,
              callscopeUrl: links!.callscopeUrl,
              title: result.facts.title,
              fileName,
              processorVersion: result.processorVersion,
              createdAt,
              callStart: result.facts.callStart,
              callEnd: result.facts.callEnd,
              enrich: result.facts.enrich,
              insight: result.facts.insight,
            }),
          );
        },
      );
    } else await ctx.storage.accounts.settle(hold, undefined, recharge);
    settled = true;
    if (save)
      ctx.ai.request({
        accountId: account.id,
        sessionId,
        processorVersion: result.processorVersion,
        payload: result.gzip!,
      });
    ctx.metrics.creditsSpent.inc({ operation });
    return {
      operation,
      parts: result,
      ...(links ? { session: { callscopeId: sessionId, ...links } } : {}),
      finishedAt: ctx.now(),
    };
  } catch (error) {
    if (!settled) {
      await ctx.storage.accounts.release(hold);
      if (blobKey) await ctx.blobs.delete(blobKey).catch(() => {});
    }
    if (error instanceof HoldLostError)
      throw new ApiError('no_credits', 'No credits left on this account: see GET /v1.0/quota.');
    throw error;
  } finally {
    ctx.holdsInFlight.delete(hold);
  }
}

async function analyze(
  ctx: ServiceContext,
  account: Account,
  operation: Operation,
  file: IncomingFile,
  options: Pick<IngestOptions, 'cancel' | 'accountLimit'>,
  task: {
    fileName: string | undefined;
    store: boolean;
    identity: PayloadIdentity;
  },
): Promise<PartsOf<'json'>> {
  if (options.accountLimit && !ctx.slots.take(account.id))
    throw new ApiError(
      'rate_limited',
      `This account already has ${ctx.slots.limit} ${ctx.slots.limit === 1 ? 'analysis' : 'analyses'} running or waiting on this server, as many as one account may (CALLSCOPE_ACCOUNT_ANALYSES): retry when one has finished.`,
      { 'retry-after': String(ACCOUNT_BUSY_RETRY_AFTER_S) },
    );
  const started = performance.now();
  ctx.metrics.analysesInFlight.inc();
  let outcome = 'ok';
  // The worker's own time when it answered; else (stopped, cancelled) the time since the task was
  // handed to the pool, which is an upper bound.
  let workMs: number | undefined;
  try {
    const { source, transfer } = workerInput(file, task.store);
    const result = await ctx.pool.run(
      {
        ...source,
        form: 'json',
        maxDecompressedBytes: ctx.config.limits.maxDecompressedBytes,
        store: task.store,
        identity: task.identity,
        ...(task.fileName ? { fileName: task.fileName } : {}),
      },
      transfer,
      options.cancel,
    );
    workMs = result.workMs;
    if (!result.ok) {
      const ours = !dumpProblem(result.problem);
      outcome = ours ? 'error' : 'refused';
      if (ours) ctx.log.error({ err: result.problem.message }, 'analysis failed');
      throw analysisError(result.problem, operation);
    }
    return result.parts;
  } catch (error) {
    if (error instanceof PoolSaturatedError) {
      outcome = 'busy';
      throw new ApiError('server_busy', 'Every analysis worker is busy: retry shortly.', {
        'retry-after': '5',
      });
    }
    if (error instanceof AnalysisTimeoutError) {
      outcome = 'timeout';
      throw new ApiError(
        'server_error',
        `The analysis took longer than ${Math.round(error.timeoutMs / 1000)} s and was stopped.`,
      );
    }
    if (error instanceof AnalysisCancelledError) {
      outcome = 'cancelled';
      throw new ClientGoneError();
    }
    if (error instanceof AnalysisMemoryError) {
      outcome = 'memory';
      ctx.log.warn({ heapMb: error.heapMb ?? 'default' }, 'analysis stopped: out of memory');
      const limit = error.heapMb === undefined ? '' : ` (${error.heapMb} MiB, CALLSCOPE_ANALYSIS_HEAP_MB)`;
      throw new ApiError(
        'file_too_large',
        `Analyzing this dump needs more memory than this server gives one analysis${limit}: it was stopped.`,
      );
    }
    if (outcome === 'ok') outcome = 'error';
    throw error;
  } finally {
    if (options.accountLimit) ctx.slots.give(account.id);
    ctx.metrics.analysesInFlight.dec();
    const wallMs = performance.now() - started;
    ctx.metrics.analysisDuration.observe({ outcome }, wallMs / 1000);
    if (outcome !== 'busy')
      ctx.metrics.workerSeconds.inc(
        { account: ctx.metrics.accountLabel(account.id), outcome },
        (workMs ?? wallMs) / 1000,
      );
  }
}

/**
 * How a worker gets the dump: the spool file's path, or the pieces of a body held in memory,
 * moved to the worker without a copy unless they are still needed afterwards (to store the dump).
 */
function workerInput(
  file: IncomingFile,
  keep: boolean,
): { source: Pick<AnalysisTask, 'path' | 'chunks'>; transfer: ArrayBuffer[] } {
  if (file.path !== undefined) return { source: { path: file.path }, transfer: [] };
  if (keep) return { source: { chunks: file.chunks!() }, transfer: [] };
  const { chunks, transfer } = file.takeChunks!();
  return { source: { chunks }, transfer };
}
