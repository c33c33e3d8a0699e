import type { SessionRow } from '../storage/index.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { sessionPayload, UUID } from './sessions.js';
import type { AuthContext } from './tokens.js';

/** What a public viewer (share link or embed token) may read: one session, nothing of its account. */
export interface PublicSession {
  row: SessionRow;
  /** `{data, processorVersion}` without uploader fields. */
  json: string;
}

/** Share links are 18 random bytes in base64url; anything else is not looked up. */
const LINK = /^[A-Za-z0-9_-]{16,64}$/;

const gone = () => new ApiError('not_found', 'This link does not show a session (any more).');

/** The session behind a share link; 404 once the link is revoked. */
export async function sharedSessionRow(ctx: ServiceContext, link: string): Promise<SessionRow> {
  const row = LINK.test(link) ? await ctx.storage.sessions.getByPublicLink(link) : undefined;
  if (!row) throw gone();
  return row;
}

/**
 * The session behind an embed token: signed, unexpired, and still on an enterprise account (a
 * downgraded account's old embed URLs stop working). Forged and expired tokens alike are 404.
 */
export async function embeddedSessionRow(ctx: ServiceContext, token: string): Promise<SessionRow> {
  const id = await ctx.tokens.verifyEmbed(token, ctx.now());
  const row = id && UUID.test(id) ? await ctx.storage.sessions.getById(id.toLowerCase()) : undefined;
  if (!row) throw gone();
  const account = await ctx.storage.accounts.get(row.accountId);
  if (account?.plan !== 'enterprise') throw gone();
  return row;
}

/**
 * The session behind a download link: signed, unexpired, asked for by a token still on record, and
 * still in that token's account, which still has API access (a link acts for its token: once
 * `accounts disable-api` makes that token 403, its links open nothing either). Anything else is
 * 404, as for the other links.
 */
export async function downloadLinkRow(ctx: ServiceContext, token: string): Promise<SessionRow> {
  const grant = await ctx.tokens.verifyDumpLink(token, ctx.now());
  const row =
    grant && UUID.test(grant.sessionId)
      ? await ctx.storage.sessions.get(grant.accountId, grant.sessionId.toLowerCase())
      : undefined;
  const account = row ? await ctx.storage.accounts.get(row.accountId) : undefined;
  if (!row || !account?.apiAccess)
    throw new ApiError(
      'not_found',
      'This download link is not valid: it has expired, or the session is gone.',
    );
  return row;
}

/** The payload of a publicly viewable session, re-analyzed like an owner's read when it is old. */
export async function publicSessionJson(
  ctx: ServiceContext,
  row: SessionRow,
  siteUrl: string,
): Promise<string> {
  const account = await ctx.storage.accounts.get(row.accountId);
  if (!account) throw gone();
  // The owner's read path (re-analysis included), on behalf of the account that shared the session.
  const auth: AuthContext = { account, tokenId: 'public-viewer', scope: 'read_only' };
  const { data, processorVersion } = await sessionPayload(ctx, auth, row.id, siteUrl);
  // Who uploaded it is account data: a viewer of the link sees the call, not the people behind it.
  data.uploaded_by = null;
  data.uploaded_by_email = null;
  return JSON.stringify({ data, processorVersion });
}
