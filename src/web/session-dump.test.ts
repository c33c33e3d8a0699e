import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema } from '../../test/support/api-schemas.js';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import { contentDisposition } from '../edge/dump-download.js';
import { DUMP_LINK_TTL_MS } from '../service/tokens.js';

const DUMP = readFileSync(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'));

/** Stores a dump through the chunked upload, as the web viewer does. */
async function upload(account: TestAccount, body: Uint8Array, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('fileId', 'dump-test');
  form.append('chunkIndex', '0');
  form.append('chunk', new Blob([body]), fileName);
  expect((await account.fetch('/v1.0/upload', { method: 'POST', body: form })).status).toBe(200);
  const res = await account.fetch('/v1.0/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileId: 'dump-test', assemble: true, fileName }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { callscopeId: string }).callscopeId;
}

/**
 * Follows a download link and reads the dump to its end (checking it when it is served): a body
 * left unread holds its connection busy, and closing the service waited for it.
 */
async function download(url: string): Promise<number> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status === 200) expect(body.equals(DUMP)).toBe(true);
  return res.status;
}

// One service for both the dump and its download links; each test uploads its own session.
let service: TestService;
let alice: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  service = await startService();
  alice = await service.account();
  bob = await service.account();
});
afterAll(async () => service?.close());

describe('GET /v1.0/sessions/{id}/dump', () => {
  it('streams the stored dump byte for byte, named after the session, on both path forms', async () => {
    const id = await upload(alice, DUMP, 'call é 1.txt');
    for (const prefix of ['/v1.0', '/api/callscope/v1.0']) {
      const res = await alice.fetch(`${prefix}/sessions/${id}/dump`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-length')).toBe(String(DUMP.length));
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="call _ 1.txt"; filename*=UTF-8''call%20%C3%A9%201.txt`,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(DUMP)).toBe(true);
    }
  });

  it('keeps a gzip upload as gzip', async () => {
    const gz = gzipSync(DUMP);
    const id = await upload(alice, gz, 'call.txt.gz');
    const res = await alice.fetch(`/v1.0/sessions/${id}/dump`);
    expect(Buffer.from(await res.arrayBuffer()).equals(gz)).toBe(true);
  });

  it("is 404 for another account's session, 401 without a token, 400 for a malformed id", async () => {
    const id = await upload(alice, DUMP, 'private.txt');
    const other = await bob.fetch(`/v1.0/sessions/${id}/dump`);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { errorCode: string }).errorCode).toBe('not_found');
    expect((await fetch(`${service.url}/v1.0/sessions/${id}/dump`)).status).toBe(401);
    expect((await alice.fetch('/v1.0/sessions/not-a-uuid/dump')).status).toBe(400);
    await alice.fetch(`/v1.0/sessions/${id}`, { method: 'DELETE' });
    expect((await alice.fetch(`/v1.0/sessions/${id}/dump`)).status).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${service.url}/api/openapi`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.paths['/v1.0/sessions/{callscopeId}/dump']?.get?.operationId).toBe('downloadSessionDump');
    // The site form too, named apart.
    expect(doc.paths['/api/callscope/v1.0/sessions/{callscopeId}/dump']?.get?.operationId).toBe(
      'siteDownloadSessionDump',
    );
  });

  it('names files safely in Content-Disposition', () => {
    expect(contentDisposition('a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});

describe('download links (POST /v1.0/sessions/{id}/dump-link, GET /download/{token})', () => {
  const linkOf = async (account: TestAccount, id: string, prefix = '/v1.0') => {
    const res = await account.fetch(`${prefix}/sessions/${id}/dump-link`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return expectSchema<{ url: string; expiresAt: string }>('DumpLinkResponse', await res.json());
  };
  /** Asks for a link with another token of the account than its first. */
  const postLink = (token: string, id: string) =>
    fetch(`${service.url}/v1.0/sessions/${id}/dump-link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  const isNotFoundPage = async (res: Response) => {
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('This download link does not work');
  };

  it('downloads the dump without a token, named after the session, for five minutes', async () => {
    const id = await upload(alice, DUMP, 'call é 1.txt');
    for (const prefix of ['/v1.0', '/api/callscope/v1.0']) {
      const before = Date.now();
      const { url, expiresAt } = await linkOf(alice, id, prefix);
      expect(url.startsWith(`${service.url}/download/`)).toBe(true);
      const ttl = Date.parse(expiresAt) - before;
      expect(ttl).toBeGreaterThan(DUMP_LINK_TTL_MS - 2000);
      expect(ttl).toBeLessThanOrEqual(DUMP_LINK_TTL_MS);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-length')).toBe(String(DUMP.length));
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="call _ 1.txt"; filename*=UTF-8''call%20%C3%A9%201.txt`,
      );
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(Buffer.from(await res.arrayBuffer()).equals(DUMP)).toBe(true);
    }
  });

  it("is given to read-only tokens, and not for another account's session (404)", async () => {
    const id = await upload(alice, DUMP, 'private.txt');
    const readOnly = await alice.token2('read_only');
    expect((await postLink(readOnly, id)).status).toBe(200);
    const other = await bob.fetch(`/v1.0/sessions/${id}/dump-link`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { errorCode: string }).errorCode).toBe('not_found');
    expect((await fetch(`${service.url}/v1.0/sessions/${id}/dump-link`, { method: 'POST' })).status).toBe(
      401,
    );
    expect((await alice.fetch('/v1.0/sessions/not-a-uuid/dump-link', { method: 'POST' })).status).toBe(400);
  });

  it('opens nothing once expired, forged, or not a download link: a 404 page that says so', async () => {
    const id = await upload(alice, DUMP, 'expired.txt');
    const tokenId = decodeJwt(alice.token).jti!;
    const grant = { accountId: alice.id, tokenId, sessionId: id };
    const expired = await service.ctx.tokens.dumpLinkToken(grant, Date.now() - DUMP_LINK_TTL_MS - 1000);
    await isNotFoundPage(await fetch(`${service.url}/download/${expired.token}`));
    // Another account's session under Alice's account claim, and Alice's session under Bob's.
    const crossed = await service.ctx.tokens.dumpLinkToken({ ...grant, accountId: bob.id });
    await isNotFoundPage(await fetch(`${service.url}/download/${crossed.token}`));
    const { url } = await linkOf(alice, id);
    const [head, body, sig] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const forged = `${head}.${body}.${sig!.slice(0, -4)}AAAA`;
    await isNotFoundPage(await fetch(`${service.url}/download/${forged}`));
    // An application token, an embed token, rubbish and a path below the token are not links.
    const embed = await service.ctx.tokens.embedToken(id);
    for (const key of [alice.token, embed, 'nope', 'a.b.c', `${'x'.repeat(5000)}`])
      await isNotFoundPage(await fetch(`${service.url}/download/${key}`));
    expect((await fetch(`${url}/extra`)).status).toBe(404);
    // And a link is not a bearer token.
    const asBearer = await fetch(`${service.url}/v1.0/quota`, {
      headers: { authorization: `Bearer ${url.slice(url.lastIndexOf('/') + 1)}` },
    });
    expect(asBearer.status).toBe(401);
  });

  it('stops working when the token that asked for it is revoked or the session is deleted', async () => {
    const id = await upload(alice, DUMP, 'revoked.txt');
    const second = await alice.token2('full');
    const viaSecond = ((await (await postLink(second, id)).json()) as { url: string }).url;
    const viaFirst = (await linkOf(alice, id)).url;
    expect(await download(viaSecond)).toBe(200);
    await service.ctx.storage.tokens.revoke(decodeJwt(second).jti!);
    await isNotFoundPage(await fetch(viaSecond));
    expect(await download(viaFirst)).toBe(200);
    await alice.fetch(`/v1.0/sessions/${id}`, { method: 'DELETE' });
    await isNotFoundPage(await fetch(viaFirst));
  });

  it("stops working while the account's API access is withdrawn", async () => {
    const id = await upload(alice, DUMP, 'withdrawn.txt');
    const { url } = await linkOf(alice, id);
    await service.ctx.storage.accounts.setApiAccess(alice.id, false);
    try {
      await isNotFoundPage(await fetch(url));
    } finally {
      await service.ctx.storage.accounts.setApiAccess(alice.id, true);
    }
    expect(await download(url)).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${service.url}/api/openapi`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.paths['/v1.0/sessions/{callscopeId}/dump-link']?.post?.operationId).toBe(
      'createSessionDumpLink',
    );
    expect(doc.paths['/api/callscope/v1.0/sessions/{callscopeId}/dump-link']?.post?.operationId).toBe(
      'siteCreateSessionDumpLink',
    );
  });
});
