import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { ownerGone } from './instance.js';

// Replies kept for Idempotency-Key replays can be megabytes: (de)compress them off the event loop.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

export interface JsonReply {
  status: number;
  /** The body: JSON, as text or as UTF-8 bytes. */
  body: string | Buffer;
}

/**
 * How long a process holds a pending key without renewing it, and how often it renews it. A
 * process gone from this host is seen at once (instance.ts); one on another host after the lease:
 * 10 s, against 5 minutes of waiting and a 503 when a dead process's key was only forgotten by age.
 * Five renewals per lease: a process stalled by its database or its event loop for 8 s keeps it.
 */
export const LEASE_MS = 10_000;
export const RENEW_MS = 2_000;
/** How often a request waiting for the first one with its key looks again. */
const POLL_MS = 200;

/**
 * Which answers a retry gets again rather than running again: successes, and refusals of the
 * request itself (malformed: 400; not a dump: 415). Not 402 (credits may be added), 413 (the plan
 * may change; the analysis memory is the server's), 429 (time), nor 5xx (the server's state).
 */
export const replayable = (status: number): boolean =>
  (status >= 200 && status < 300) || status === 400 || status === 415;

const KEY = /^[\x21-\x7e]{1,255}$/;
/** An Idempotency-Key, as the OpenAPI document states it: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = KEY.source;

export function checkIdempotencyKey(key: string): void {
  if (!KEY.test(key))
    throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
}

/**
 * Runs `work` once for `key` of the account: a request with the same key and `requestHash` while
 * it runs waits for its answer, and one after gets that answer again (when `replays` it), else runs
 * anew. A key whose process died is taken over (lease, renewed while `work` runs).
 */
export async function idempotent(
  ctx: ServiceContext,
  accountId: string,
  key: string,
  requestHash: string,
  work: () => Promise<JsonReply>,
  options: { replays?: (status: number) => boolean; mismatch?: string } = {},
): Promise<JsonReply> {
  const replays = options.replays ?? replayable;
  const replay = await claim(
    ctx,
    accountId,
    key,
    requestHash,
    options.mismatch ?? 'This Idempotency-Key was used for a different request.',
  );
  if (replay) return replay;
  const repo = ctx.storage.idempotency;
  const owner = ctx.instanceId;
  const renewal = setInterval(() => {
    repo.renew(accountId, key, owner, ctx.now() + LEASE_MS).catch(() => {
      // The database is away for a moment: the next renewal tries again, well within the lease.
    });
  }, RENEW_MS);
  renewal.unref();
  try {
    const reply = await work();
    clearInterval(renewal);
    if (replays(reply.status))
      await repo.complete(accountId, key, reply.status, await gzip(reply.body), owner);
    else await repo.abandon(accountId, key, owner);
    return reply;
  } catch (error) {
    clearInterval(renewal);
    // An error that says so (the client went away: nothing was decided) lets the retry run again.
    if (error instanceof ApiError && replays(error.status) && error.replayable)
      await repo.complete(
        accountId,
        key,
        error.status,
        await gzip(JSON.stringify({ error: error.message, errorCode: error.code })),
        owner,
      );
    else await repo.abandon(accountId, key, owner).catch(() => {});
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** The key for this request: undefined when this request runs, else the answer to replay. */
async function claim(
  ctx: ServiceContext,
  accountId: string,
  key: string,
  requestHash: string,
  mismatch: string,
): Promise<JsonReply | undefined> {
  const deadline = ctx.now() + ctx.config.analysisTimeoutMs;
  const self = ctx.instanceId;
  for (;;) {
    const now = ctx.now();
    const state = await ctx.storage.idempotency.begin(accountId, key, requestHash, now, {
      owner: self,
      leaseUntil: now + LEASE_MS,
      ownerGone: (owner) => ownerGone(owner, self),
    });
    if (state.kind === 'new') return undefined;
    if (state.kind === 'mismatch') throw new ApiError('invalid_request', mismatch);
    if (state.kind === 'done') return { status: state.statusCode, body: await gunzip(state.response) };
    // The first request with this key is still running: wait for its answer.
    if (ctx.now() > deadline)
      throw new ApiError('server_busy', 'The first request with this Idempotency-Key is still running.', {
        'retry-after': '5',
      });
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
