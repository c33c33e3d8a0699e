import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Account, Storage, TokenRecord, TokenScope } from '../storage/index.js';

const ISSUER = 'callscope';
const SECRET_KEY = 'jwt_secret';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a download link works. Long enough to click a link an agent or a script handed over,
 * short enough that one found later in a log or a browser history opens nothing.
 */
export const DUMP_LINK_TTL_MS = 5 * 60 * 1000;

/** What a download link grants: one session's dump, on behalf of the token that asked for it. */
export interface DumpLinkGrant {
  accountId: string;
  tokenId: string;
  sessionId: string;
}

export interface AuthContext {
  account: Account;
  tokenId: string;
  scope: TokenScope;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Application tokens: HS256 JWTs (`sub` account, `jti` token id, `scope`). A valid signature is not
 * enough: the token must also be on record, unrevoked, with the same hash.
 */
export class TokenService {
  private constructor(
    private readonly storage: Storage,
    private readonly key: Uint8Array,
    private readonly embedTtlMs: number,
  ) {}

  /** Uses the configured secret, else the one kept in the database (created on first use). */
  static async create(
    storage: Storage,
    configuredSecret?: string,
    options: { embedTtlMs?: number } = {},
  ): Promise<TokenService> {
    const secret =
      configuredSecret ??
      (await storage.settings.getOrInit(SECRET_KEY, () => randomBytes(48).toString('base64url')));
    return new TokenService(storage, new TextEncoder().encode(secret), options.embedTtlMs ?? DAY_MS);
  }

  /**
   * A new application token. `expiresAt` (epoch ms) sets its `exp` claim: past it the token is
   * refused like a revoked one. Tokens made by the CLI do not expire (they are revoked instead).
   */
  async issue(
    accountId: string,
    name: string,
    scope: TokenScope,
    now = Date.now(),
    options: { expiresAt?: number; origins?: string[] } = {},
  ): Promise<{ token: string; record: TokenRecord }> {
    const id = randomUUID();
    const jwt = new SignJWT({ scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(accountId)
      .setJti(id)
      .setIssuedAt(Math.floor(now / 1000));
    if (options.expiresAt !== undefined) jwt.setExpirationTime(Math.floor(options.expiresAt / 1000));
    const token = await jwt.sign(this.key);
    const origins = options.origins && options.origins.length > 0 ? options.origins : null;
    const record = { id, accountId, name, scope, tokenHash: sha256(token), createdAt: now, origins };
    await this.storage.tokens.insert(record);
    return { token, record: { ...record, revokedAt: null } };
  }

  /**
   * A signed token that lets the embedded viewer show one session (enterprise plan). It expires
   * (CALLSCOPE_EMBED_TTL_MS): an embedUrl pasted somewhere public must not grant access forever.
   */
  async embedToken(sessionId: string, now = Date.now()): Promise<string> {
    return this.#signLink({ typ: 'embed' }, sessionId, now, now + this.embedTtlMs);
  }

  /** The session id an embed token grants, or undefined (forged, expired, or without an expiry). */
  async verifyEmbed(token: string, now = Date.now()): Promise<string | undefined> {
    return (await this.#verifyLink(token, 'embed', now))?.sub;
  }

  /**
   * A signed link token for one session's dump (`typ` dump, `sub` session, `acc` account, `tid` the
   * application token that asked). It lets a browser save a large dump straight to disk, which a
   * request with an Authorization header cannot do without holding the whole file in the page.
   */
  async dumpLinkToken(grant: DumpLinkGrant, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor((now + DUMP_LINK_TTL_MS) / 1000) * 1000;
    const claims = { typ: 'dump', acc: grant.accountId, tid: grant.tokenId };
    return { token: await this.#signLink(claims, grant.sessionId, now, expiresAt), expiresAt };
  }

  /**
   * What a download link grants, or undefined: forged, expired, not a download link, or asked for by
   * an application token that has since been revoked (revoking a token withdraws its links too).
   */
  async verifyDumpLink(token: string, now = Date.now()): Promise<DumpLinkGrant | undefined> {
    const payload = await this.#verifyLink(token, 'dump', now);
    if (!payload) return undefined;
    const { acc, tid } = payload;
    if (typeof acc !== 'string' || typeof tid !== 'string') return undefined;
    const record = await this.storage.tokens.get(tid);
    if (!record || record.revokedAt !== null || record.accountId !== acc) return undefined;
    return { accountId: acc, tokenId: tid, sessionId: payload.sub };
  }

  /** A link token (embed, download): `claims` with its `typ`, about session `subject`, until `expiresAt` (ms). */
  #signLink(
    claims: Record<string, string>,
    subject: string,
    now: number,
    expiresAt: number,
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.key);
  }

  /** The claims of a link token of kind `typ` with a session subject, signed here and unexpired; else undefined. */
  async #verifyLink(
    token: string,
    typ: string,
    now: number,
  ): Promise<(Record<string, unknown> & { sub: string }) | undefined> {
    if (token.length > 4096 || token.split('.').length !== 3) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp'],
        currentDate: new Date(now),
      });
      return payload.typ === typ && typeof payload.sub === 'string'
        ? { ...payload, sub: payload.sub }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The account and scope of a bearer token, or undefined for anything not valid now. A collect
   * token is not valid here: it is meant to sit in a web page, and may only stream calls
   * (`verifyCollect`).
   */
  async verify(token: string): Promise<AuthContext | undefined> {
    const found = await this.#verifyApplicationToken(token);
    if (!found || found.record.scope === 'collect') return undefined;
    return { account: found.account, tokenId: found.record.id, scope: found.record.scope };
  }

  /** The account and allowed origins of a collect token, or undefined (any other token included). */
  async verifyCollect(
    token: string,
  ): Promise<{ account: Account; tokenId: string; origins: string[] | null } | undefined> {
    const found = await this.#verifyApplicationToken(token);
    if (found?.record.scope !== 'collect') return undefined;
    return { account: found.account, tokenId: found.record.id, origins: found.record.origins };
  }

  async #verifyApplicationToken(
    token: string,
  ): Promise<{ account: Account; record: TokenRecord } | undefined> {
    if (token.length > 4096 || token.split('.').length !== 3) return undefined;
    let payload: { sub?: string; jti?: string };
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER }));
    } catch {
      return undefined;
    }
    // Embed and download links are signed with the same key, but they are not application tokens.
    if (!payload.jti || !payload.sub || (payload as { typ?: string }).typ !== undefined) return undefined;
    const record = await this.storage.tokens.get(payload.jti);
    if (
      !record ||
      record.revokedAt !== null ||
      record.accountId !== payload.sub ||
      record.tokenHash !== sha256(token)
    )
      return undefined;
    const account = await this.storage.accounts.get(record.accountId);
    return account ? { account, record } : undefined;
  }
}
