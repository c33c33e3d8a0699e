import { ApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import { spool } from '../service/incoming-file.js';
import { ingestFile } from '../service/ingest.js';
import { deleteParts, listParts, readParts } from './call-dump.js';
import type { CallRow, CallsRepo } from './calls-repo.js';
import type { CollectMetrics } from './metrics.js';

export type FinishOutcome = 'saved' | 'unanalyzed' | 'failed' | 'empty' | 'retry';

/** The file name a collected call is saved under: it also tells, after a crash, that it was saved. */
export const collectedFileName = (callId: string) => `collect-${callId}.txt`;

/**
 * Analyzes and saves a call this node has claimed (state `ending`) through the service's own ingest,
 * as an upload: one credit, the dump and its analysis stored together. Without credits the dump is
 * kept (`unanalyzed`); a server that is busy or failing leaves it `ended` for a later try.
 *
 * A node that died while saving leaves the call `ending`: the next one first looks for the session
 * saved under the call's file name, so that a call is never saved, nor charged, twice.
 */
export async function finishCall(
  ctx: ServiceContext,
  calls: CallsRepo,
  metrics: CollectMetrics,
  node: string,
  call: CallRow,
): Promise<FinishOutcome> {
  const fileName = collectedFileName(call.id);
  const done = async (outcome: FinishOutcome, result: { sessionId: string } | { error: string }) => {
    await calls.finish(call.id, node, result);
    await deleteParts(ctx.blobs, call.accountId, call.id);
    metrics.calls.inc({ outcome });
    return outcome;
  };
  const saved = await calls.savedSession(call.accountId, fileName);
  if (saved) return done('saved', { sessionId: saved });
  const account = await ctx.storage.accounts.get(call.accountId);
  const parts = await listParts(ctx.blobs, call.accountId, call.id);
  if (!account || parts.length === 0) {
    // A client that connected and sent nothing (or an account since deleted): nothing to save.
    await calls.remove(call.id);
    await deleteParts(ctx.blobs, call.accountId, call.id);
    metrics.calls.inc({ outcome: 'empty' });
    return 'empty';
  }
  const keep = async () => {
    await calls.release(call.id, node, 'unanalyzed', ctx.now());
    ctx.log.info({ call: call.id }, 'collected call kept unanalyzed: no credits left');
    metrics.calls.inc({ outcome: 'unanalyzed' });
    return 'unanalyzed' as const;
  };
  // Without credits the dump is not even read back: ingest would refuse it after the copy.
  if (((await ctx.storage.accounts.quota(account.id, ctx.now()))?.remainingCredits ?? 0) <= 0) return keep();
  let file: Awaited<ReturnType<typeof spool>> | undefined;
  try {
    file = await spool(readParts(ctx.blobs, parts), ctx.tmpDir, ctx.config.limits.maxFileBytes[account.plan]);
    // An upload with no Idempotency-Key and no reply to send: the session's id is all it needs.
    const { session } = await ingestFile(ctx, account, 'upload', file, {
      save: true,
      fileName,
      siteUrl: ctx.config.siteUrl ?? ctx.config.apiUrl ?? `http://${ctx.config.host}:${ctx.config.port}`,
    });
    const callscopeId = session!.callscopeId;
    ctx.log.info({ call: call.id, session: callscopeId, protocol: call.protocol }, 'collected call saved');
    return await done('saved', { sessionId: callscopeId });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'no_credits') return await keep();
    if (error instanceof ApiError && error.code !== 'server_busy' && error.code !== 'rate_limited') {
      // The dump cannot be analyzed (unreadable, too large, the analysis failed): another try
      // would fail the same way.
      ctx.log.warn({ call: call.id, reason: error.message }, 'collected call not saved');
      return await done('failed', { error: error.message });
    }
    ctx.log.warn({ call: call.id, err: error }, 'collected call not saved yet: will try again');
    await calls.release(call.id, node, 'ended', ctx.now());
    return 'retry';
  } finally {
    await file?.remove();
  }
}
