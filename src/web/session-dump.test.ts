import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import { contentDisposition } from '../http/routes/session-dump.js';

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

describe('GET /v1.0/sessions/{id}/dump', () => {
  let service: TestService;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    service = await startService();
    alice = await service.account();
    bob = await service.account();
  });
  afterAll(async () => service?.close());

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
    expect(doc.paths['/api/callscope/v1.0/sessions/{callscopeId}/dump']).toBeUndefined();
  });

  it('names files safely in Content-Disposition', () => {
    expect(contentDisposition('a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});
