import type { ServiceContext } from '../service/context.js';
import type { Account } from '../storage/index.js';
import type { RefuseReason } from './metrics.js';
import { chooseSubprotocol, isJitsiServerSide } from './protocols.js';
import { type CollectRequest, originAllowed } from './request.js';

/** What the node knows of itself and of the account's bytes when a client asks to collect. */
export interface AdmissionState {
  closed: boolean;
  connections: number;
  /** Reads the account's unsaved dumps into the node's count, and gives its bytes in all. */
  accountBytes(accountId: string): Promise<number>;
  maxAccountBytes: number;
}

export type Admission =
  | { admitted: true; account: Account; tokenId: string }
  | { admitted: false; reason: RefuseReason; code: number; text: string };

const refused = (reason: RefuseReason, code: number, text: string): Admission => ({
  admitted: false,
  reason,
  code,
  text,
});

/**
 * Whether a collect connection may open, checked in order: the node (shutting down, collection
 * off, full), the token and its origins, the account (API access, credits when configured so, its
 * bytes waiting to be saved) and the protocol (jitsi's server-side statistics are not browser dumps).
 * A refusal carries the close code and reason the client is shown.
 */
export async function admit(
  ctx: ServiceContext,
  state: AdmissionState,
  request: CollectRequest,
  origin: string | undefined,
  offered: readonly string[],
  now: number,
): Promise<Admission> {
  const config = ctx.config.collect;
  if (state.closed) return refused('capacity', 1001, 'the server is shutting down');
  if (!config.enabled) return refused('capacity', 1008, 'collection is turned off on this server');
  if (state.connections >= config.maxConnections)
    return refused('capacity', 1013, 'too many connections: try again later');
  const found = request.token ? await ctx.tokens.verifyCollect(request.token) : undefined;
  if (!found)
    return refused(
      'token',
      1008,
      'a valid collect token is required (callscope tokens create --scope collect)',
    );
  if (!originAllowed(found.origins, origin))
    return refused('origin', 1008, 'this token is not for this origin');
  const { account } = found;
  if (!account.apiAccess) return refused('token', 1008, "this account's API access is withdrawn");
  if (config.withoutCredits === 'refuse') {
    const quota = await ctx.storage.accounts.quota(account.id, now);
    if (!quota || quota.remainingCredits <= 0)
      return refused('no_credits', 1008, 'no credits left on this account');
  }
  if ((await state.accountBytes(account.id)) >= state.maxAccountBytes)
    return refused(
      'account_full',
      1008,
      "the account's collected dumps waiting to be saved are at their limit",
    );
  if (offered.some(isJitsiServerSide) && !chooseSubprotocol([...offered])?.protocol)
    return refused(
      'server_side',
      1003,
      'jitsi server-side statistics are not collected: callscope reads browser dumps',
    );
  return { admitted: true, account, tokenId: found.tokenId };
}
