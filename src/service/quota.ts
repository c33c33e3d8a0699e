import type { QuotaResponse } from '../model/api/resources.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';

/** Credits and size limits of an account (REST GET /quota and the MCP get_quota tool). */
export async function quotaOf(ctx: ServiceContext, accountId: string): Promise<QuotaResponse> {
  const quota = await ctx.storage.accounts.quota(accountId, ctx.now());
  if (!quota) throw new ApiError('authentication', 'The account of this token no longer exists.');
  return {
    ...quota,
    maxFileSizeBytes: ctx.config.limits.maxFileBytes[quota.accountPlan],
    maxChunkSizeBytes: ctx.config.limits.maxChunkBytes,
  };
}
