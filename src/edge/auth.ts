import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import { type RateBucket, rateHeaders } from '../service/rate-limiter.js';
import type { AuthContext } from '../service/tokens.js';
import { siteUrl } from '../service/urls.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** What a request's Authorization header gave: its bearer token, or why there is none. */
export type BearerHeader = { token: string } | { problem: 'no token' | 'not bearer' };

/**
 * The bearer token of a request. A header that is present but not `Bearer <token>` (commonly the
 * token alone) is told apart from a missing one, so that the answer can name the form expected.
 */
export function readBearer(request: FastifyRequest): BearerHeader {
  const header = request.headers.authorization;
  if (!header) return { problem: 'no token' };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? { token: m[1]! } : { problem: 'not bearer' };
}

export const NOT_BEARER =
  'The Authorization header must be "Bearer <application token>": the word Bearer, a space, then the token.';

export const NO_API_ACCESS =
  "This account's plan has no API access; an administrator can restore it with `callscope accounts enable-api`.";

/** onRequest hook of /v1.0 routes: 401 before any body is read when the token is not valid. */
export function authenticate(ctx: ServiceContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const bearer = readBearer(request);
    if ('problem' in bearer)
      throw new ApiError(
        'authentication',
        bearer.problem === 'not bearer'
          ? NOT_BEARER
          : 'Missing bearer token: send "Authorization: Bearer <application token>".',
        {
          'www-authenticate': 'Bearer realm="callscope"',
        },
      );
    const auth = await ctx.tokens.verify(bearer.token);
    if (!auth)
      throw new ApiError(
        'authentication',
        'The token is not valid: it is malformed, forged, revoked or its account is gone, or it was made for another callscope installation (another data directory or database).',
        {
          'www-authenticate': 'Bearer realm="callscope", error="invalid_token"',
        },
      );
    if (!auth.account.apiAccess) throw new ApiError('forbidden', NO_API_ACCESS);
    request.auth = auth;
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError('authentication', 'Missing bearer token.');
  return request.auth;
}

/** Counts the request against the account's limit for `bucket` and sets the X-RateLimit-* headers. */
export async function limitRate(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: RateBucket,
): Promise<void> {
  await countRequest(ctx, reply, authOf(request).account.id, bucket);
}

/** Counts a request against `accountId`'s limit for `bucket` and sets the X-RateLimit-* headers. */
export async function countRequest(
  ctx: ServiceContext,
  reply: FastifyReply,
  accountId: string,
  bucket: RateBucket,
): Promise<void> {
  reply.headers(rateHeaders(await ctx.rate.hit(accountId, bucket)));
}

/** The public site URL: configured, else this server's own origin (see siteUrl). */
export function siteUrlOf(ctx: ServiceContext, request: FastifyRequest): string {
  return siteUrl(ctx.config, {
    protocol: request.protocol,
    host: request.host,
    localAddress: request.socket?.localAddress,
    localPort: request.socket?.localPort,
  });
}

/** The media type of a request, lowercase, without parameters; '' when there is none. */
export const contentType = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
