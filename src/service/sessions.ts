import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { storyOfPayload } from '../causes/story.js';
import type { SessionListItem, SessionPatchRequest, SessionsListResponse } from '../model/api/resources.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { SessionFilters, SessionRow, SessionSort } from '../storage/index.js';
import { PROCESSOR_VERSION } from '../version.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { analysisError, requireWrite } from './ingest.js';
import type { AuthContext } from './tokens.js';
import { sessionLinks, shareUrl } from './urls.js';

/**
 * A UUID as JSON Schema's `uuid` format has it (any version and variant, the nil and max UUIDs
 * too): such an id that names no session is 404, not a malformed request.
 */
export const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export function checkSessionId(id: string): string {
  if (!UUID.test(id))
    throw new ApiError('invalid_request', `"${id.slice(0, 80)}" is not a session id (a UUID).`);
  return id.toLowerCase();
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/**
 * The release line a version belongs to for compatibility: its major, or `0.minor` before 1.0.0
 * (semver: below 1.0.0 a minor release may change meaning, as a major does after).
 */
function releaseLine(version: string): [number, number] {
  const [major = Number.NaN, minor = Number.NaN] = version.split('.').map(Number);
  return major === 0 ? [0, minor] : [major, 0];
}

/** Whether a payload stored by `stored` comes from an older release line than `current`. */
export function olderReleaseLine(stored: string, current: string): boolean {
  const [a, b] = [releaseLine(stored), releaseLine(current)];
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

export async function listSessions(
  ctx: ServiceContext,
  auth: AuthContext,
  filters: SessionFilters,
  paging: { limit: number; page: number; sort?: SessionSort },
  siteUrl: string,
): Promise<SessionsListResponse> {
  const { rows, totalCount } = await ctx.storage.sessions.list(auth.account.id, filters, {
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
    ...(paging.sort ? { sort: paging.sort } : {}),
  });
  const data: SessionListItem[] = [];
  for (const row of rows) {
    const links = await sessionLinks(siteUrl, row.id, auth.account.plan, () => ctx.tokens.embedToken(row.id));
    data.push({
      callscopeId: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      sessionStart: iso(row.callStart),
      sessionEnd: iso(row.callEnd),
      title: row.title,
      fileName: row.fileName,
      ...links,
      abstract: row.abstract,
    });
  }
  const totalPages = Math.ceil(totalCount / paging.limit);
  return {
    total: data.length,
    data,
    totalCount,
    page: paging.page,
    limit: paging.limit,
    totalPages,
    hasMore: paging.page < totalPages,
  };
}

/** The account's session `id` (400 for an id that is not a UUID, 404 for another's or none). */
export async function ownRow(ctx: ServiceContext, auth: AuthContext, id: string): Promise<SessionRow> {
  const row = await ctx.storage.sessions.get(auth.account.id, checkSessionId(id));
  if (!row) throw new ApiError('not_found', 'No session with this id in this account.');
  return row;
}

/**
 * The stored payload with the session's current fields. A session analyzed by an older major
 * version of the processor (older minor before 1.0.0) is analyzed again first (422
 * reprocess_failed when that fails).
 */
export async function sessionPayload(
  ctx: ServiceContext,
  auth: AuthContext,
  id: string,
  siteUrl: string,
): Promise<{ row: SessionRow; data: Record<string, unknown>; processorVersion: string }> {
  let row = await ownRow(ctx, auth, id);
  if (olderReleaseLine(row.processorVersion, PROCESSOR_VERSION)) row = await reanalyze(ctx, row);
  const stored = await ctx.storage.sessions.payload(auth.account.id, row.id);
  if (!stored) throw new ApiError('not_found', 'No session with this id in this account.');
  const data = JSON.parse(gunzipSync(stored).toString('utf8')) as Record<string, unknown>;
  // A payload stored before the story was part of it: told now, from its observations.
  if (!Array.isArray(data.whatHappened)) data.whatHappened = storyOfPayload(data as AnalyzeResponseData);
  Object.assign(data, {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    public_link: row.publicLink,
    publicUrl: row.publicLink === null ? null : shareUrl(siteUrl, row.publicLink),
    created_at: new Date(row.createdAt).toISOString(),
    uploaded_by: row.uploadedBy,
    uploaded_by_email: row.uploadedByEmail,
    fileName: row.fileName,
    aiSummary: row.aiSummary,
  });
  return { row, data, processorVersion: row.processorVersion };
}

async function reanalyze(ctx: ServiceContext, row: SessionRow): Promise<SessionRow> {
  let local: { path: string; release(): Promise<void> } | undefined;
  try {
    local = await ctx.blobs.localFile(row.blobKey);
    const outcome = await ctx.pool.run({
      form: 'json',
      path: local.path,
      fileName: row.fileName,
      store: true,
      maxDecompressedBytes: ctx.config.limits.maxDecompressedBytes,
      identity: {
        id: row.id,
        created_at: new Date(row.createdAt).toISOString(),
        uploaded_by: row.uploadedBy,
        uploaded_by_email: row.uploadedByEmail,
      },
    });
    if (!outcome.ok) throw analysisError(outcome.problem, 'analyze');
    const result = outcome.parts;
    await ctx.storage.sessions.replaceAnalysis(row.accountId, row.id, {
      processorVersion: result.processorVersion,
      payload: result.gzip!,
      callStart: result.facts.callStart,
      callEnd: result.facts.callEnd,
      abstract: result.facts.abstract,
      insight: result.facts.insight,
    });
    ctx.ai.request({
      accountId: row.accountId,
      sessionId: row.id,
      processorVersion: result.processorVersion,
      payload: result.gzip!,
    });
    return {
      ...row,
      aiSummary: null,
      processorVersion: result.processorVersion,
      callStart: result.facts.callStart,
      callEnd: result.facts.callEnd,
      abstract: result.facts.abstract,
    };
  } catch (error) {
    ctx.log.warn({ err: error, session: row.id }, 're-analysis failed');
    throw new ApiError(
      'reprocess_failed',
      `The session was stored by processor ${row.processorVersion} and could not be analyzed again with ${PROCESSOR_VERSION}: ${(error as Error).message}`,
    );
  } finally {
    await local?.release();
  }
}

export async function deleteSession(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  requireWrite(auth);
  const blobKey = await ctx.storage.sessions.delete(auth.account.id, checkSessionId(id));
  if (blobKey === undefined) throw new ApiError('not_found', 'No session with this id in this account.');
  // The rows are gone: a blob left by a failure here is an orphan the sweeper removes.
  await ctx.blobs
    .delete(blobKey)
    .catch((error) => ctx.log.warn({ err: error, blobKey }, 'blob delete failed'));
}

export async function patchSession(
  ctx: ServiceContext,
  auth: AuthContext,
  id: string,
  patch: SessionPatchRequest,
): Promise<SessionRow> {
  requireWrite(auth);
  const row = await ownRow(ctx, auth, id);
  // Re-analyzed first, as a read would be: an edit answered 422 reprocess_failed changes nothing.
  if (olderReleaseLine(row.processorVersion, PROCESSOR_VERSION)) await reanalyze(ctx, row);
  const publicLink =
    patch.shared === undefined
      ? undefined
      : patch.shared
        ? (row.publicLink ?? randomBytes(18).toString('base64url'))
        : null;
  await ctx.storage.sessions.patch(auth.account.id, row.id, {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.tags !== undefined ? { tags: [...new Set(patch.tags)] } : {}),
    ...(publicLink !== undefined ? { publicLink } : {}),
  });
  return ownRow(ctx, auth, row.id);
}
