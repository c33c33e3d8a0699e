import { createHash, randomUUID } from 'node:crypto';
import { type Account, HoldLostError } from '../storage/index.js';
import { PROCESSOR_VERSION } from '../version.js';
import { sessionAnalyzed } from '../webhooks/events.js';
import { enqueueEvent } from '../webhooks/store.js';
import {
  AnalysisCancelledError,
  AnalysisMemoryError,
  AnalysisTimeoutError,
  PoolSaturatedError,
} from './analysis-pool.js';
import type { AnalysisResult, AnalysisTask } from './analysis-worker.js';
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

/** An analysis failure as the API error a client can act on. */
export function analysisError(
  result: Extract<AnalysisResult, { ok: false }>,
  operation: Operation,
): ApiError {
  const known = DUMP_ERRORS[result.kind];
  if (!known) return new ApiError('server_error', 'The analysis failed unexpectedly.');
  // Upload documents no 415: an unreadable file is an invalid request there.
  const code = operation === 'upload' && known.code !== 'file_too_large' ? 'invalid_request' : known.code;
  return new ApiError(code, `${known.prefix}: ${result.message}`);
}

/** The hash an Idempotency-Key is tied to: a retry must be the same request. */
export const requestHash = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/**
 * Analyze, upload and enrich: one credit held before the work and settled with it (a failure
 * spends nothing), optional storage of dump and analysis in one transaction, and Idempotency-Key
 * replays of the first answer.
 */
export async function ingest(
  ctx: ServiceContext,
  auth: AuthContext,
  operation: Operation,
  file: IncomingFile,
  options: IngestOptions,
): Promise<JsonReply> {
  requireWrite(auth);
  const key = options.idempotencyKey;
  if (key === undefined) return ingestFile(ctx, auth.account, operation, file, options);
  checkIdempotencyKey(key);
  const hash = requestHash([operation, options.save, options.fileName ?? null, await file.sha256()]);
  return idempotent(ctx, auth.account.id, key, hash, () =>
    ingestFile(ctx, auth.account, operation, file, options),
  );
}

/** The work of `ingest` once its Idempotency-Key (if any) is this request's own. */
export async function ingestFile(
  ctx: ServiceContext,
  account: Account,
  operation: Operation,
  file: IncomingFile,
  options: IngestOptions,
): Promise<JsonReply> {
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
    // The reply's links are known before the analysis: the worker can then write the whole body.
    const links = save
      ? await sessionLinks(options.siteUrl, sessionId, account.plan, () => ctx.tokens.embedToken(sessionId))
      : undefined;
    const ids = links ? { callscopeId: sessionId, ...links } : {};
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
      ...(operation === 'analyze' ? { reply: analyzeReply(ids) } : {}),
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
          title: result.title,
          fileName,
          fileSize: file.size,
          blobKey,
          processorVersion: result.processorVersion,
          payload: result.gzip!,
          uploadedBy: account.id,
          uploadedByEmail: account.email,
          callStart: result.callStart,
          callEnd: result.callEnd,
          abstract: result.abstract,
          insight: result.insight,
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
              title: result.title,
              fileName,
              processorVersion: result.processorVersion,
              createdAt,
              callStart: result.callStart,
              callEnd: result.callEnd,
              enrich: result.enrich,
              insight: result.insight,
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
    return { status: 200, body: responseBody(operation, result, ids, ctx.now()) };
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
    reply?: AnalysisTask['reply'];
    identity: {
      id: string;
      created_at: string | null;
      uploaded_by: string | null;
      uploaded_by_email: string | null;
    };
  },
): Promise<Extract<AnalysisResult, { ok: true }>> {
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
        maxDecompressedBytes: ctx.config.limits.maxDecompressedBytes,
        store: task.store,
        identity: task.identity,
        ...(task.reply ? { reply: task.reply } : {}),
        ...(task.fileName ? { fileName: task.fileName } : {}),
      },
      transfer,
      options.cancel,
    );
    workMs = result.workMs;
    if (!result.ok) {
      outcome = result.kind === 'internal' ? 'error' : 'refused';
      if (result.kind === 'internal') ctx.log.error({ err: result.message }, 'analysis failed');
      throw analysisError(result, operation);
    }
    return result;
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

/** The analyze reply around its payload: `{"data": <payload>, processorVersion, ...ids}`. */
function analyzeReply(ids: object): { before: string; after: string } {
  const rest = JSON.stringify({ processorVersion: PROCESSOR_VERSION, ...ids });
  return { before: '{"data":', after: `,${rest.slice(1)}` };
}

function responseBody(
  operation: Operation,
  result: Extract<AnalysisResult, { ok: true }>,
  ids: object,
  now: number,
): string | Buffer {
  if (operation === 'upload') return JSON.stringify({ success: true, ...ids });
  if (operation === 'enrich')
    return JSON.stringify({
      data: result.enrich,
      processorVersion: result.processorVersion,
      generatedAt: now,
    });
  // Written whole by the worker (see analyzeReply).
  return result.body!;
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
