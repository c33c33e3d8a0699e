/**
 * The authorization matrix: every operation — REST on both path forms, and every MCP tool through
 * tools/call on both path forms — with every kind of credential a caller can hold that is not the
 * owner's full token: none, malformed, expired, forged signature, revoked, read-only, another
 * account's. Each answers its documented status (401, 403 insufficient_scope on writes, 404 for
 * another account's session, 200 with the caller's own data otherwise), and no answer carries
 * anything of the owner's account: its id, e-mail, name, session ids, titles or share link.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkRequest,
  dump,
  json,
  newFileId,
  PREFIXES,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../test/support/api-requests.js';
import { expectOk, read, type SchemaName } from '../../test/support/api-schemas.js';
import { recordFigure } from '../../test/support/reliability.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse } from '../model/api/resources.js';

const SECRET = 'authorization-matrix-secret-0123456789-abc';
const SMALL = 'rtcstats/rtcstats-gumonly.jsonl';
const CREDENTIALS = [
  'none',
  'malformed',
  'expired',
  'forged',
  'revoked',
  'read-only',
  'other account',
] as const;
type Credential = (typeof CREDENTIALS)[number];

interface Operation {
  name: string;
  /** A write: refused to read-only tokens (403 insufficient_scope). */
  write: boolean;
  /** Names the owner's session (or chunks): another account gets 404 (400 for unknown chunks). */
  owned: boolean;
  schema: SchemaName;
  send(auth: Record<string, string>): Promise<Response>;
}

describe('authorization matrix', () => {
  let service: TestService;
  let owner: TestAccount;
  let other: TestAccount;
  let sessionId: string;
  let fileId: string;
  let publicLink: string;
  const tokens = {} as Record<Exclude<Credential, 'none'>, string>;
  /** Strings of the owner's account that no answer to anyone else may contain (both accounts share a name). */
  let secrets: string[];

  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_JWT_SECRET: SECRET,
      CALLSCOPE_RATE_INGEST: '100000',
      CALLSCOPE_RATE_READS: '100000',
      CALLSCOPE_RATE_CHUNKS: '100000',
    });
    owner = await service.account({ credits: 50, email: 'owner-secret@example.test', plan: 'enterprise' });
    other = await service.account({ credits: 500, email: 'other@example.test', plan: 'enterprise' });
    const stored = await expectOk<AnalyzeResponse>(
      owner.fetch('/v1.0/analyze?save=true&fileName=owner-file.txt', raw(dump(SMALL))),
      'AnalyzeResponse',
    );
    sessionId = stored.body.callscopeId!;
    const patched = await expectOk<{ data: { public_link: string } }>(
      owner.fetch(
        `/v1.0/sessions/${sessionId}`,
        json({ title: 'owner-secret-title', shared: true }, 'PATCH'),
      ),
      'SessionResponse',
    );
    publicLink = patched.body.data.public_link;
    fileId = newFileId();
    await sendChunks(owner, '/v1.0/upload', fileId, split(dump(SMALL), 2));

    const real = decodeJwt(owner.token);
    tokens.malformed = 'not-a-jwt';
    tokens.expired = (
      await service.ctx.tokens.issue(owner.id, 'expired', 'full', Date.now() - 3_600_000, {
        expiresAt: Date.now() - 60_000,
      })
    ).token;
    tokens.forged = await new SignJWT({ scope: 'full' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('callscope')
      .setSubject(owner.id)
      .setJti(real.jti!)
      .setIssuedAt(real.iat!)
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789-abcdef'));
    tokens.revoked = await owner.token2('full');
    await service.ctx.storage.tokens.revoke(decodeJwt(tokens.revoked).jti!);
    tokens['read-only'] = await owner.token2('read_only');
    tokens['other account'] = other.token;
    secrets = [
      owner.id,
      'owner-secret@example.test',
      sessionId,
      'owner-secret-title',
      'owner-file.txt',
      publicLink,
    ];
  }, 60_000);
  afterAll(async () => service?.close());

  const authOf = (credential: Credential): Record<string, string> =>
    credential === 'none' ? {} : { authorization: `Bearer ${tokens[credential]}` };

  function operations(): Operation[] {
    const out: Operation[] = [];
    const op = (
      name: string,
      write: boolean,
      owned: boolean,
      schema: SchemaName,
      path: string,
      init: () => RequestInit = () => ({}),
    ) =>
      out.push({
        name,
        write,
        owned,
        schema,
        send: (auth) => {
          const i = init();
          return fetch(`${service.url}${path}`, { ...i, headers: { ...(i.headers ?? {}), ...auth } });
        },
      });
    for (const p of PREFIXES) {
      op(`POST ${p}/upload (raw)`, true, false, 'UploadResponse', `${p}/upload?fileName=x`, () =>
        raw(dump(SMALL)),
      );
      op(`POST ${p}/upload (chunk)`, true, false, 'ChunkResponse', `${p}/upload`, () =>
        chunkRequest(newFileId(), 0, dump(SMALL)),
      );
      op(
        `POST ${p}/upload (assemble of the owner's chunks)`,
        true,
        true,
        'UploadResponse',
        `${p}/upload`,
        () => json({ fileId, assemble: true, fileName: 'x' }),
      );
      op(`POST ${p}/analyze`, true, false, 'AnalyzeResponse', `${p}/analyze`, () => raw(dump(SMALL)));
      op(`POST ${p}/analyze?save=true`, true, false, 'AnalyzeResponse', `${p}/analyze?save=true`, () =>
        raw(dump(SMALL)),
      );
      op(`GET ${p}/quota`, false, false, 'QuotaResponse', `${p}/quota`);
      op(`GET ${p}/collect/calls`, false, false, 'CollectedCallsResponse', `${p}/collect/calls`);
      op(`GET ${p}/sessions`, false, false, 'SessionsListResponse', `${p}/sessions`);
      op(`GET ${p}/sessions/{id}`, false, true, 'SessionResponse', `${p}/sessions/${sessionId}`);
      op(`GET ${p}/sessions/{id}/dump`, false, true, 'SessionResponse', `${p}/sessions/${sessionId}/dump`);
      op(
        `POST ${p}/sessions/{id}/dump-link`,
        false,
        true,
        'DumpLinkResponse',
        `${p}/sessions/${sessionId}/dump-link`,
        () => ({ method: 'POST' }),
      );
      // The raw stats explorer (its series route is covered in routes/raw-stats.test.ts: this
      // session has no connection to plot).
      op(
        `GET ${p}/sessions/{id}/raw-stats`,
        false,
        true,
        'RawStatsIndex',
        `${p}/sessions/${sessionId}/raw-stats`,
      );
      op(
        `GET ${p}/sessions/{id}/events`,
        false,
        true,
        'RawEventsResponse',
        `${p}/sessions/${sessionId}/events`,
      );
      op(`PATCH ${p}/sessions/{id}`, true, true, 'SessionResponse', `${p}/sessions/${sessionId}`, () =>
        json({ title: 'hijacked', shared: false }, 'PATCH'),
      );
      op(`DELETE ${p}/sessions/{id}`, true, true, 'SuccessResponse', `${p}/sessions/${sessionId}`, () => ({
        method: 'DELETE',
      }));
    }
    op('POST /v1.0/enrich', true, false, 'EnrichResponse', '/v1.0/enrich', () => raw(dump(SMALL)));
    op('GET /v1.0/observations', false, false, 'ObservationCatalog', '/v1.0/observations');
    op(
      'GET /v1.0/observations/{type}',
      false,
      false,
      'ObservationExplanation',
      '/v1.0/observations/iceFailure',
    );
    return out;
  }

  /** The status a credential must get on an operation (and the errorCode of a refusal). */
  function expected(credential: Credential, o: Operation): [number, string | undefined] {
    if (credential === 'read-only') return o.write ? [403, 'insufficient_scope'] : [200, undefined];
    if (credential === 'other account') {
      if (!o.owned) return [200, undefined];
      // Chunks belong to the account that sent them: for anyone else the fileId is unknown.
      return o.name.includes('assemble') ? [400, 'invalid_request'] : [404, 'not_found'];
    }
    return [401, 'authentication'];
  }

  const noSecrets = (where: string, text: string) => {
    for (const s of secrets)
      expect(text.includes(s), `${where} leaks "${s}": ${text.slice(0, 300)}`).toBe(false);
  };

  it('gives every REST operation on both path forms the documented status for each credential', async () => {
    const creditsBefore = await remainingCredits(owner);
    let cells = 0;
    for (const credential of CREDENTIALS)
      for (const o of operations()) {
        const res = await o.send(authOf(credential));
        const [status, code] = expected(credential, o);
        const where = `${credential} × ${o.name}`;
        if (o.name.endsWith('/dump') && res.status === 200) {
          // The dump of the caller's own session is the file itself; never reached by anyone else here.
          expect(credential, where).toBe('read-only');
          await res.arrayBuffer();
        } else {
          const answer = await read(res, o.schema);
          expect({ where, status: answer.status, code: answer.body.errorCode }).toEqual({
            where,
            status,
            code,
          });
          if (status === 401) expect(answer.headers.get('www-authenticate'), where).toMatch(/^Bearer realm/);
          if (credential !== 'read-only') noSecrets(where, answer.text);
        }
        cells++;
      }
    // Nothing of the owner's changed: credits, session, title, share link, chunks.
    expect(await remainingCredits(owner)).toBe(creditsBefore);
    const session = await expectOk<{ data: { title: string; public_link: string } }>(
      owner.fetch(`/v1.0/sessions/${sessionId}`),
      'SessionResponse',
    );
    expect(session.body.data.title).toBe('owner-secret-title');
    expect(session.body.data.public_link).toBe(publicLink);
    expect(await service.ctx.storage.chunks.list(owner.id, fileId)).toHaveLength(2);
    recordFigure(
      '4 authorization (REST)',
      'operations × credentials',
      `${operations().length} × ${CREDENTIALS.length} = ${cells}`,
    );
    recordFigure('4 authorization (REST)', 'unexpected statuses, leaks', '0, 0');
  });

  async function mcpClient(prefix: string, credential: Credential) {
    const transport = new StreamableHTTPClientTransport(new URL(`${service.url}${prefix}/mcp`), {
      requestInit: { headers: authOf(credential) },
    });
    const client = new Client({ name: 'matrix', version: '1.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(transport);
    return client;
  }

  it('gives every MCP tool on both path forms the documented result for each credential', async () => {
    const tools: [string, Record<string, unknown>, boolean][] = [
      ['get_quota', {}, false],
      ['list_sessions', { limit: 50 }, false],
      ['get_session', { callscopeId: sessionId }, true],
      ['get_observation_explanation', { type: 'iceFailure' }, false],
    ];
    let cells = 0;
    for (const prefix of PREFIXES)
      for (const credential of CREDENTIALS) {
        const client = await mcpClient(prefix, credential);
        for (const [name, args, owned] of tools) {
          const where = `${credential} × MCP ${prefix} ${name}`;
          // A tool's failure is a JSON-RPC error (the client throws it), its errorCode in data.
          const result = await client.callTool({ name, arguments: args }).catch((e: unknown) => e as Error);
          const failed = ['none', 'malformed', 'expired', 'forged', 'revoked'].includes(credential);
          const errorCode =
            result instanceof Error
              ? (result as { data?: { errorCode?: string } }).data?.errorCode
              : undefined;
          if (failed) expect(errorCode, where).toBe('authentication');
          else if (credential === 'other account' && owned) expect(errorCode, where).toBe('not_found');
          else {
            expect(result instanceof Error ? result.message : '', where).toBe('');
            expect((result as { isError?: boolean }).isError ?? false, where).toBe(false);
          }
          if (credential !== 'read-only')
            noSecrets(
              where,
              result instanceof Error
                ? `${result.message} ${JSON.stringify(result)}`
                : JSON.stringify(result),
            );
          cells++;
        }
        await client.close();
      }
    // The other account's own calls see its own data.
    const client = await mcpClient('/v1.0', 'other account');
    const quota = await client.callTool({ name: 'get_quota', arguments: {} });
    expect((quota.structuredContent as { accountName: string }).accountName).toBe('test-enterprise');
    const list = await client.callTool({ name: 'list_sessions', arguments: {} });
    expect(JSON.stringify(list)).not.toContain(sessionId);
    await client.close();
    recordFigure(
      '4 authorization (MCP tools/call)',
      'tools × credentials × path forms',
      `${tools.length} × ${CREDENTIALS.length} × 2 = ${cells}`,
    );
    recordFigure('4 authorization (MCP tools/call)', 'unexpected results, leaks', '0, 0');
  });

  it('refuses an expired token at once, while the same account has valid ones', async () => {
    const { token } = await service.ctx.tokens.issue(owner.id, 'short', 'full', Date.now(), {
      expiresAt: Date.now() + 1_500,
    });
    const bearer = { authorization: `Bearer ${token}` };
    await expectOk(fetch(`${service.url}/v1.0/quota`, { headers: bearer }), 'QuotaResponse');
    await new Promise((r) => setTimeout(r, 2_100));
    const answer = await read(await fetch(`${service.url}/v1.0/quota`, { headers: bearer }));
    expect([answer.status, answer.body.errorCode]).toEqual([401, 'authentication']);
    await expectOk(owner.fetch('/v1.0/quota'), 'QuotaResponse');
  });
});
