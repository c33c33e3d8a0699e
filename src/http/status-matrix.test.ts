/**
 * Every documented status code, provoked through real HTTP, with its errorCode (reference.md's
 * catalog). Each answer is checked against the published Error schema by `expectError`; a 500
 * anywhere fails the exact-status assertions, and the services' own metrics are checked at the end.
 */
import { randomUUID } from 'node:crypto';
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
import { expectError, expectOk, read } from '../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse, SessionsListResponse } from '../model/api/resources.js';
import type { ErrorCode } from '../service/api-error.js';

const KiB = 1024;
const SECRET = 'status-matrix-secret-0123456789-abcdefghij';
const AUDIO = 'chromium156/audio-only/webrtc_internals_dump.txt'; // 165 kB
const ICE_FAIL = 'chromium156/ice-fail/webrtc_internals_dump.txt'; // 102 kB
const LOSS = 'chromium156/loss/webrtc_internals_dump.txt'; // 295 kB
const CLEAN_GZ = 'chromium156/clean/chromium_rtcstats_dump.gz'; // 35 kB, 448 kB once gunzipped
const MULTI_PC = 'jitsi/google-legacy-stats-multiple-pc'; // 1.2 MB, the slowest fixture to analyze

interface Case {
  name: string;
  status: number;
  code: ErrorCode;
  send: () => Promise<Response>;
}

/** Metrics of a service: no request may have ended in a 500. */
async function expectNo500(service: TestService): Promise<void> {
  const text = await service.ctx.metrics.registry.metrics();
  expect(text).toContain('callscope_http_request_duration_seconds_count');
  expect(text).not.toMatch(/status="500"[^\n]*\} [1-9]/);
}

/** Every operation of the API, as [method, path, body] on both path forms where served. */
function operations(sessionId: string): [string, RequestInit][] {
  const out: [string, RequestInit][] = [];
  for (const prefix of PREFIXES) {
    out.push(
      [`${prefix}/upload`, raw('x')],
      [`${prefix}/upload`, chunkRequest('f', 0, new Uint8Array([1]))],
      [`${prefix}/analyze`, raw('x')],
      [`${prefix}/quota`, {}],
      [`${prefix}/sessions`, {}],
      [`${prefix}/sessions/${sessionId}`, {}],
      [`${prefix}/sessions/${sessionId}`, { method: 'DELETE' }],
      [`${prefix}/sessions/${sessionId}`, json({ title: 'x' }, 'PATCH')],
    );
  }
  out.push(['/v1.0/enrich', raw('x')], ['/v1.0/observations', {}], ['/v1.0/observations/iceFailure', {}]);
  return out;
}

describe('status matrix', () => {
  describe('on a service with default limits', () => {
    let service: TestService;
    let account: TestAccount;
    let other: TestAccount;
    let readOnly: string;
    let broke: TestAccount;
    let sessionId: string;
    let otherSessionId: string;
    const bearer = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${service.url}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}` },
      });

    beforeAll(async () => {
      service = await startService({
        CALLSCOPE_JWT_SECRET: SECRET,
        CALLSCOPE_RATE_INGEST: '1000',
        CALLSCOPE_RATE_READS: '1000',
      });
      account = await service.account({ credits: 50 });
      other = await service.account({ credits: 5 });
      broke = await service.account({ credits: 0 });
      readOnly = await account.token2('read_only');
      const store = async (a: TestAccount) =>
        (
          await expectOk<AnalyzeResponse>(
            a.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO))),
            'AnalyzeResponse',
          )
        ).body.callscopeId!;
      sessionId = await store(account);
      otherSessionId = await store(other);
    });
    afterAll(async () => {
      if (service) await expectNo500(service);
      await service?.close();
    });

    describe('400 invalid_request', () => {
      const cases: Case[] = [
        {
          name: 'bad query value (save=yes)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze?save=yes', raw(dump(AUDIO))),
        },
        {
          name: 'bad query value (limit=abc)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions?limit=abc'),
        },
        {
          name: 'bad query value (hasHigh=maybe)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions?hasHigh=maybe'),
        },
        {
          name: 'unknown query parameter on sessions',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions?color=red'),
        },
        {
          name: 'unknown query parameter on analyze',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze?store=true', raw(dump(AUDIO))),
        },
        {
          name: 'unknown query parameter on upload',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload?name=x', raw(dump(AUDIO))),
        },
        {
          name: 'malformed session id (GET)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions/not-a-uuid'),
        },
        {
          name: 'malformed session id (DELETE)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions/123', { method: 'DELETE' }),
        },
        {
          name: 'malformed session id (PATCH)',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions/abc', json({ title: 'x' }, 'PATCH')),
        },
        {
          name: 'session id over the router limit',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch(`/v1.0/sessions/${'a'.repeat(150)}`),
        },
        {
          name: 'badly percent-encoded id',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions/%E0%A4%A'),
        },
        {
          name: 'empty raw body',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze', raw('')),
        },
        {
          name: 'no body and no content type',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze', { method: 'POST' }),
        },
        {
          name: 'empty JSON body',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload', json('')),
        },
        {
          name: 'bad JSON',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload', json('{"fileId": ')),
        },
        {
          name: 'JSON that is not an assemble step',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze', json({ hello: 'world' })),
        },
        {
          name: 'wrong content type (text/plain)',
          status: 400,
          code: 'invalid_request',
          send: () =>
            account.fetch('/v1.0/analyze', {
              method: 'POST',
              headers: { 'content-type': 'text/plain' },
              body: 'x',
            }),
        },
        {
          name: 'wrong content type (application/xml)',
          status: 400,
          code: 'invalid_request',
          send: () =>
            account.fetch('/v1.0/upload', {
              method: 'POST',
              headers: { 'content-type': 'application/xml' },
              body: '<a/>',
            }),
        },
        {
          name: 'wrong content type on PATCH',
          status: 400,
          code: 'invalid_request',
          send: () =>
            account.fetch(`/v1.0/sessions/${sessionId}`, {
              method: 'PATCH',
              headers: { 'content-type': 'text/plain' },
              body: 'title',
            }),
        },
        {
          name: 'bad fileId on a chunk',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload', chunkRequest('../etc', 0, new Uint8Array([1]))),
        },
        {
          name: 'bad fileId at assemble',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload', json({ fileId: 'a/b', assemble: true, fileName: 'x' })),
        },
        {
          name: 'assemble of an unknown fileId',
          status: 400,
          code: 'invalid_request',
          send: () =>
            account.fetch('/v1.0/upload', json({ fileId: newFileId(), assemble: true, fileName: 'x' })),
        },
        {
          name: 'assemble of an upload without fileName',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/upload', json({ fileId: newFileId(), assemble: true })),
        },
        {
          name: 'missing chunk at assemble',
          status: 400,
          code: 'invalid_request',
          send: async () => {
            const fileId = newFileId();
            await sendChunks(account, '/v1.0/analyze', fileId, split(dump(AUDIO), 3), [0, 2]);
            return account.fetch('/v1.0/analyze', json({ fileId, assemble: true }));
          },
        },
        {
          name: 'corrupt gzip',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze', raw(dump(CLEAN_GZ).subarray(0, 2000))),
        },
        {
          name: 'malformed Idempotency-Key',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/analyze', raw(dump(AUDIO), { 'idempotency-key': 'é' })),
        },
        {
          name: 'invalid PATCH body',
          status: 400,
          code: 'invalid_request',
          send: () =>
            account.fetch(`/v1.0/sessions/${sessionId}`, json({ title: 42, color: 'red' }, 'PATCH')),
        },
        {
          name: 'out-of-range limit',
          status: 400,
          code: 'invalid_request',
          send: () => account.fetch('/v1.0/sessions?limit=1001'),
        },
      ];
      it.each(cases)('$name', async ({ send, status, code }) => {
        await expectError(send(), status, code);
      });

      it('spent no credit on any of them', async () => {
        expect(await remainingCredits(account)).toBe(49);
      });
    });

    describe('401 authentication', () => {
      it('without a token, on every operation and both path forms', async () => {
        for (const [path, init] of operations(sessionId)) {
          const res = await fetch(`${service.url}${path}`, init);
          expect(res.headers.get('www-authenticate'), path).toMatch(/^Bearer realm="callscope"/);
          await expectError(res, 401, 'authentication');
        }
      });

      it('with a malformed Authorization header or token', async () => {
        for (const header of [
          'Basic dXNlcjpwYXNz',
          'Bearer',
          'Bearer a b',
          'Token abc',
          'Bearer not-a-jwt',
          'Bearer a.b.c',
          `Bearer ${'x'.repeat(5000)}`,
        ]) {
          const res = await fetch(`${service.url}/v1.0/quota`, { headers: { authorization: header } });
          await expectError(res, 401, 'authentication');
        }
      });

      it('with a forged signature, an unknown token id or a token not on record', async () => {
        const real = decodeJwt(account.token);
        const sign = (secret: string, claims: Record<string, unknown>, jti = real.jti!, sub = account.id) =>
          new SignJWT({ scope: 'full', ...claims })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setIssuer('callscope')
            .setSubject(sub)
            .setJti(jti)
            .setIssuedAt(real.iat!)
            .sign(new TextEncoder().encode(secret));
        const forged = [
          // Same claims as a valid token, signed with another key.
          await sign('another-secret-another-secret-another', {}),
          // Right key, but a token id that was never issued.
          await sign(SECRET, {}, randomUUID()),
          // Right key and token id, but not the token on record (its hash differs).
          await sign(SECRET, { extra: 1 }),
          // Right key and token id, another account as subject.
          await sign(SECRET, {}, real.jti!, other.id),
          // An embed token is not an API token.
          await service.ctx.tokens.embedToken(sessionId),
          // alg none.
          `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(real)).toString('base64url')}.`,
        ];
        for (const token of forged) await expectError(bearer(token, '/v1.0/quota'), 401, 'authentication');
        await expectOk(account.fetch('/v1.0/quota'), 'QuotaResponse');
      });

      it('with a revoked token, while the account other tokens still work', async () => {
        const token = await account.token2('full');
        await expectOk(bearer(token, '/v1.0/quota'), 'QuotaResponse');
        expect(await service.ctx.storage.tokens.revoke(decodeJwt(token).jti!)).toBe(true);
        await expectError(bearer(token, '/v1.0/quota'), 401, 'authentication');
        await expectError(bearer(token, `/v1.0/sessions/${sessionId}`), 401, 'authentication');
        await expectOk(account.fetch('/v1.0/quota'), 'QuotaResponse');
      });

      it('with the token of a deleted account', async () => {
        // No endpoint deletes accounts: the administrator's deletion is a row removed from the database.
        const doomed = await service.account();
        await expectOk(doomed.fetch('/v1.0/quota'), 'QuotaResponse');
        await service.ctx.storage.database.db.deleteFrom('accounts').where('id', '=', doomed.id).execute();
        await expectError(doomed.fetch('/v1.0/quota'), 401, 'authentication');
        await expectError(doomed.fetch('/v1.0/analyze', raw(dump(AUDIO))), 401, 'authentication');
      });
    });

    describe('402 no_credits', () => {
      it.each([
        ['analyze', '/v1.0/analyze'],
        ['analyze with save', '/v1.0/analyze?save=true'],
        ['upload', '/v1.0/upload'],
        ['enrich', '/v1.0/enrich'],
        ['analyze on the alias', '/api/callscope/v1.0/analyze'],
      ])('%s', async (_name, path) => {
        await expectError(broke.fetch(path, raw(dump(AUDIO))), 402, 'no_credits');
      });
    });

    describe('403 insufficient_scope', () => {
      it('for a read-only token on every write, on both path forms', async () => {
        const fileId = newFileId();
        const writes: [string, RequestInit][] = [['/v1.0/enrich', raw(dump(AUDIO))]];
        for (const prefix of PREFIXES)
          writes.push(
            [`${prefix}/upload`, raw(dump(AUDIO))],
            [`${prefix}/upload`, chunkRequest(fileId, 0, dump(AUDIO))],
            [`${prefix}/upload`, json({ fileId, assemble: true, fileName: 'x' })],
            [`${prefix}/analyze`, raw(dump(AUDIO))],
            [`${prefix}/analyze?save=true`, raw(dump(AUDIO))],
            [`${prefix}/analyze`, chunkRequest(fileId, 0, dump(AUDIO))],
            [`${prefix}/sessions/${sessionId}`, json({ title: 'x' }, 'PATCH')],
            [`${prefix}/sessions/${sessionId}`, { method: 'DELETE' }],
          );
        for (const [path, init] of writes)
          await expectError(bearer(readOnly, path, init), 403, 'insufficient_scope');
        // Reads work, and nothing was spent or changed.
        await expectOk(bearer(readOnly, `/v1.0/sessions/${sessionId}`), 'SessionResponse');
        await expectOk(bearer(readOnly, '/v1.0/observations'), 'ObservationCatalog');
        expect(await remainingCredits(account)).toBe(49);
      });
    });

    describe('403 forbidden', () => {
      it('for every operation of an account whose API access was withdrawn, until it is restored', async () => {
        const suspended = await service.account({ credits: 5 });
        const stored = (
          await expectOk<AnalyzeResponse>(
            suspended.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO))),
            'AnalyzeResponse',
          )
        ).body.callscopeId!;
        expect(await service.ctx.storage.accounts.setApiAccess(suspended.id, false)).toBe(true);
        for (const [path, init] of operations(stored)) {
          const body = await expectError(suspended.fetch(path, init), 403, 'forbidden');
          expect(body.body.error).toContain('no API access');
        }
        // Nothing was spent, stored or deleted meanwhile; restoring access gives everything back.
        expect(await service.ctx.storage.accounts.setApiAccess(suspended.id, true)).toBe(true);
        expect(await remainingCredits(suspended)).toBe(4);
        await expectOk(suspended.fetch(`/v1.0/sessions/${stored}`), 'SessionResponse');
      });
    });

    describe('404 not_found', () => {
      const cases: Case[] = [
        {
          name: "another account's session (GET)",
          status: 404,
          code: 'not_found',
          send: () => account.fetch(`/v1.0/sessions/${otherSessionId}`),
        },
        {
          name: "another account's session (PATCH)",
          status: 404,
          code: 'not_found',
          send: () => account.fetch(`/v1.0/sessions/${otherSessionId}`, json({ title: 'x' }, 'PATCH')),
        },
        {
          name: "another account's session (DELETE)",
          status: 404,
          code: 'not_found',
          send: () => account.fetch(`/v1.0/sessions/${otherSessionId}`, { method: 'DELETE' }),
        },
        {
          name: "another account's session on the alias",
          status: 404,
          code: 'not_found',
          send: () => account.fetch(`/api/callscope/v1.0/sessions/${otherSessionId}`),
        },
        {
          name: 'a session that never existed',
          status: 404,
          code: 'not_found',
          send: () => account.fetch(`/v1.0/sessions/${randomUUID()}`),
        },
        {
          name: 'an unknown observation type',
          status: 404,
          code: 'not_found',
          send: () => account.fetch('/v1.0/observations/notAType'),
        },
        {
          name: 'enrich on the alias',
          status: 404,
          code: 'not_found',
          send: () => account.fetch('/api/callscope/v1.0/enrich', raw(dump(AUDIO))),
        },
        {
          name: 'observations on the alias',
          status: 404,
          code: 'not_found',
          send: () => account.fetch('/api/callscope/v1.0/observations'),
        },
        {
          name: 'an unknown route',
          status: 404,
          code: 'not_found',
          send: () => account.fetch('/v1.0/nothing-here'),
        },
        {
          name: 'another API version',
          status: 404,
          code: 'not_found',
          send: () => account.fetch('/v2.0/quota'),
        },
      ];
      it.each(cases)('$name', async ({ send, status, code }) => {
        const { text } = await expectError(send(), status, code);
        expect(text).not.toContain(other.id);
      });

      it("left the other account's session as it was", async () => {
        const res = await expectOk<AnalyzeResponse>(
          other.fetch(`/v1.0/sessions/${otherSessionId}`),
          'SessionResponse',
        );
        expect(res.body.data.title).not.toBe('x');
      });
    });

    describe('415', () => {
      it.each([
        ['analyze', '/v1.0/analyze'],
        ['enrich', '/v1.0/enrich'],
        ['analyze with save', '/v1.0/analyze?save=true'],
      ])('parsing_issue for bytes that are not a dump (%s)', async (_name, path) => {
        const before = await remainingCredits(account);
        for (const body of [
          'hello, this is text',
          '{"a": 1}',
          '[1, 2, 3]',
          Buffer.from([0, 1, 2, 3, 255, 254]),
        ])
          await expectError(account.fetch(path, raw(body)), 415, 'parsing_issue');
        expect(await remainingCredits(account)).toBe(before);
      });

      it.each(['jitsi/jvb-sample', 'jitsi/jicofo-sample', 'jitsi/jigasi-sample'])(
        'other_issue for the server-side sample %s',
        async (path) => {
          const before = await remainingCredits(account);
          const { body } = await expectError(
            account.fetch('/v1.0/analyze', raw(dump(path))),
            415,
            'other_issue',
          );
          expect(body.error).toContain('server-side');
          await expectError(account.fetch('/v1.0/enrich', raw(dump(path))), 415, 'other_issue');
          expect(await remainingCredits(account)).toBe(before);
        },
      );
    });

    describe('422 reprocess_failed', () => {
      const storeOld = async () => {
        const id = (
          await expectOk<AnalyzeResponse>(
            account.fetch('/v1.0/analyze?save=true', raw(dump(ICE_FAIL))),
            'AnalyzeResponse',
          )
        ).body.callscopeId!;
        // Stored by an older release line of the processor (0.0.x before 0.1.x): read means re-analyze.
        await service.ctx.storage.database.db
          .updateTable('sessions')
          .set({ processor_version: '0.0.1' })
          .where('id', '=', id)
          .execute();
        const row = await service.ctx.storage.sessions.get(account.id, id);
        return { id, blobKey: row!.blobKey };
      };
      const expectKept = async (id: string) => {
        const row = await service.ctx.storage.sessions.get(account.id, id);
        expect(row?.processorVersion).toBe('0.0.1');
        const list = await expectOk<SessionsListResponse>(
          account.fetch('/v1.0/sessions?limit=1000'),
          'SessionsListResponse',
        );
        expect(list.body.data.map((s) => s.callscopeId)).toContain(id);
      };

      it('when the dump file is gone; the session stays and can be deleted', async () => {
        const { id, blobKey } = await storeOld();
        await service.ctx.blobs.delete(blobKey);
        for (const prefix of PREFIXES) {
          const { body } = await expectError(
            account.fetch(`${prefix}/sessions/${id}`),
            422,
            'reprocess_failed',
          );
          expect(body.error).toContain('0.0.1');
        }
        await expectError(
          account.fetch(`/v1.0/sessions/${id}`, json({ title: 'renamed', shared: true }, 'PATCH')),
          422,
          'reprocess_failed',
        );
        await expectKept(id);
        // The refused edit changed nothing.
        const row = await service.ctx.storage.sessions.get(account.id, id);
        expect(row).toMatchObject({ title: '198.51.100.1:8080/caller', publicLink: null });
        await expectOk(account.fetch(`/v1.0/sessions/${id}`, { method: 'DELETE' }), 'SuccessResponse');
        await expectError(account.fetch(`/v1.0/sessions/${id}`), 404, 'not_found');
      });

      it('when the dump file is corrupt', async () => {
        const { id, blobKey } = await storeOld();
        await service.ctx.blobs.put(blobKey, new TextEncoder().encode('{"this is": "not the dump any more"'));
        await expectError(account.fetch(`/v1.0/sessions/${id}`), 422, 'reprocess_failed');
        await expectKept(id);
      });
    });
  });

  describe('413 file_too_large, on a service with small limits', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService({
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_MAX_BODY_BYTES: String(128 * KiB),
        CALLSCOPE_MAX_CHUNK_BYTES: String(32 * KiB),
        CALLSCOPE_MAX_FILE_BYTES_DEVELOPER: String(160 * KiB),
        CALLSCOPE_MAX_FILE_BYTES_TRIAL_DEVELOPER: String(96 * KiB),
        CALLSCOPE_MAX_DECOMPRESSED_BYTES: String(200 * KiB),
        CALLSCOPE_RATE_INGEST: '1000',
        CALLSCOPE_RATE_READS: '1000',
      });
    });
    afterAll(async () => {
      if (service) await expectNo500(service);
      await service?.close();
    });

    it('for a raw body over CALLSCOPE_MAX_BODY_BYTES (declared length), on every ingest route', async () => {
      const account = await service.account({ credits: 5 });
      for (const path of ['/v1.0/analyze', '/v1.0/upload', '/v1.0/enrich', '/api/callscope/v1.0/analyze'])
        await expectError(account.fetch(path, raw(dump(LOSS))), 413, 'file_too_large');
      expect(await remainingCredits(account)).toBe(5);
    });

    it('for a streamed raw body over the limit, and the connection stays usable', async () => {
      const account = await service.account({ credits: 5 });
      const body = dump(LOSS);
      const stream = new ReadableStream({
        start(controller) {
          for (const piece of split(body, 10)) controller.enqueue(piece);
          controller.close();
        },
      });
      await expectError(
        account.fetch('/v1.0/analyze', { ...raw(''), body: stream, duplex: 'half' } as RequestInit),
        413,
        'file_too_large',
      );
      // Follow-up requests on the same client are answered normally.
      const fileId = newFileId();
      await sendChunks(account, '/v1.0/upload', fileId, split(dump(ICE_FAIL), 4));
      await expectOk(
        account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'x' })),
        'UploadResponse',
      );
    }, 20_000);

    it('for a chunk over CALLSCOPE_MAX_CHUNK_BYTES', async () => {
      const account = await service.account({ credits: 5 });
      const fileId = newFileId();
      await expectError(
        account.fetch('/v1.0/upload', chunkRequest(fileId, 0, dump(AUDIO).subarray(0, 32 * KiB + 1))),
        413,
        'file_too_large',
      );
      await expectError(
        account.fetch('/v1.0/analyze', chunkRequest(fileId, 0, dump(AUDIO))),
        413,
        'file_too_large',
      );
      await expectOk(
        account.fetch('/v1.0/upload', chunkRequest(fileId, 0, dump(AUDIO).subarray(0, 32 * KiB))),
        'ChunkResponse',
      );
    });

    it('for an assembled file over the plan limit (developer 160 KiB, trial 96 KiB)', async () => {
      // The chunks of one file stop at the plan's file limit: the chunk that passes it is refused,
      // before the bytes are stored (an assemble could only refuse them after).
      const developer = await service.account({ credits: 5 });
      let fileId = newFileId();
      const chunks = split(dump(AUDIO), 6); // 165 kB in chunks under 32 KiB
      await sendChunks(developer, '/v1.0/upload', fileId, chunks.slice(0, 5));
      const { body } = await expectError(
        developer.fetch('/v1.0/upload', chunkRequest(fileId, 5, chunks[5]!)),
        413,
        'file_too_large',
      );
      expect(body.error).toContain('developer plan');
      expect(await remainingCredits(developer)).toBe(5);

      const trial = await service.account({ plan: 'trial_developer', credits: 5 });
      fileId = newFileId();
      const pieces = split(dump(ICE_FAIL), 4);
      await sendChunks(trial, '/v1.0/analyze', fileId, pieces.slice(0, 3));
      await expectError(
        trial.fetch('/v1.0/analyze', chunkRequest(fileId, 3, pieces[3]!)),
        413,
        'file_too_large',
      );
      // A raw body under the body limit but over the trial plan's file limit.
      await expectError(trial.fetch('/v1.0/analyze', raw(dump(ICE_FAIL))), 413, 'file_too_large');
      expect(await remainingCredits(trial)).toBe(5);
      // The developer plan takes the same file.
      await expectOk(developer.fetch('/v1.0/analyze', raw(dump(ICE_FAIL))), 'AnalyzeResponse');
    });

    it('for a gzip dump over CALLSCOPE_MAX_DECOMPRESSED_BYTES once gunzipped', async () => {
      const account = await service.account({ credits: 5 });
      await expectError(account.fetch('/v1.0/analyze', raw(dump(CLEAN_GZ))), 413, 'file_too_large');
      expect(await remainingCredits(account)).toBe(5);
    });
  });

  describe('429 rate_limited, on a service with 2 requests per bucket', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService({
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_RATE_READS: '2',
        CALLSCOPE_RATE_INGEST: '2',
        CALLSCOPE_RATE_CHUNKS: '2',
        // A one-hour window: the test cannot straddle two windows.
        CALLSCOPE_RATE_WINDOW_MS: '3600000',
      });
    });
    afterAll(async () => {
      if (service) await expectNo500(service);
      await service?.close();
    });

    const expectLimited = async (res: Response) => {
      const answer = await expectError(res, 429, 'rate_limited');
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('2');
      expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(answer.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
    };

    it('on reads, with the X-RateLimit-* headers on every answer', async () => {
      const account = await service.account();
      const first = await expectOk(account.fetch('/v1.0/quota'), 'QuotaResponse');
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      const second = await expectOk(account.fetch('/api/callscope/v1.0/sessions'), 'SessionsListResponse');
      expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
      await expectLimited(await account.fetch('/v1.0/quota'));
      await expectLimited(await account.fetch('/v1.0/sessions'));
      await expectLimited(await account.fetch('/v1.0/observations'));
      // Per account: another account is not limited.
      const other = await service.account();
      await expectOk(other.fetch('/v1.0/quota'), 'QuotaResponse');
    });

    it('on ingest requests, spending no credit on the refused ones', async () => {
      const account = await service.account({ credits: 10 });
      const ok = await expectOk(account.fetch('/v1.0/analyze', raw(dump(ICE_FAIL))), 'AnalyzeResponse');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe('1');
      await expectOk(account.fetch('/v1.0/enrich', raw(dump(ICE_FAIL))), 'EnrichResponse');
      await expectLimited(await account.fetch('/v1.0/analyze', raw(dump(ICE_FAIL))));
      await expectLimited(
        await account.fetch('/v1.0/upload', json({ fileId: 'abc', assemble: true, fileName: 'x' })),
      );
      const quota = await service.ctx.storage.accounts.quota(account.id);
      expect(quota?.remainingCredits).toBe(8);
    });

    it('on chunks', async () => {
      const account = await service.account();
      const fileId = newFileId();
      const chunks = split(dump(ICE_FAIL), 3);
      await sendChunks(account, '/v1.0/upload', fileId, chunks.slice(0, 2));
      await expectLimited(await account.fetch('/v1.0/upload', chunkRequest(fileId, 2, chunks[2]!)));
    });
  });

  describe('503 server_busy, on a service with one worker and no queue', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService({
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_QUEUE_SIZE: '0',
        // The pool's own limit is under test, not the account's (worker-share.test.ts).
        CALLSCOPE_ACCOUNT_ANALYSES: '1000',
        CALLSCOPE_RATE_INGEST: '1000',
      });
    });
    afterAll(async () => {
      if (service) await expectNo500(service);
      await service?.close();
    });

    const inFlight = async () => (await service.ctx.metrics.analysesInFlight.get()).values[0]?.value ?? 0;

    it('answers 503 with Retry-After while the only worker is busy, and spends nothing on it', async () => {
      const account = await service.account({ credits: 10 });
      // Warm the worker so that the slow analysis below is the only thing it does.
      await expectOk(account.fetch('/v1.0/analyze', raw(dump(ICE_FAIL))), 'AnalyzeResponse');
      const slow = account.fetch('/v1.0/analyze', raw(dump(MULTI_PC)));
      const deadline = Date.now() + 10_000;
      while ((await inFlight()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      expect(await inFlight()).toBe(1);
      for (const path of [
        '/v1.0/analyze',
        '/v1.0/enrich',
        '/v1.0/upload',
        '/api/callscope/v1.0/analyze?save=true',
      ]) {
        const busy = await expectError(account.fetch(path, raw(dump(ICE_FAIL))), 503, 'server_busy');
        expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      await expectOk(slow, 'AnalyzeResponse');
      expect(await remainingCredits(account)).toBe(8);
      const list = await expectOk<SessionsListResponse>(
        account.fetch('/v1.0/sessions'),
        'SessionsListResponse',
      );
      expect(list.body.totalCount).toBe(0);
    });

    it('answers every request of a burst with 200 or 503, never anything else', async () => {
      const account = await service.account({ credits: 20 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          account.fetch('/v1.0/analyze', raw(dump(MULTI_PC))).then((r) => read(r, 'AnalyzeResponse')),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      expect(await remainingCredits(account)).toBe(20 - statuses.filter((s) => s === 200).length);
    });
  });
});
