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
} from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type {
  AnalyzeResponse,
  EnrichResponse,
  SessionResponse,
  SessionsListResponse,
  UploadResponse,
} from '../../model/api/resources.js';

// Chunks of at most 64 KiB: the dumps below (34 to 295 kB) need several.
const MAX_CHUNK = 64 * 1024;
const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';
const CLEAN_GZ = 'chromium156/clean/chromium_rtcstats_dump.gz';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST upload and the chunked flow', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_MAX_CHUNK_BYTES: String(MAX_CHUNK),
      CALLSCOPE_RATE_INGEST: '1000',
      CALLSCOPE_RATE_READS: '1000',
    });
  });
  afterAll(async () => service?.close());

  const session = (account: TestAccount, id: string) =>
    expectOk<SessionResponse>(account.fetch(`/v1.0/sessions/${id}`), 'SessionResponse');
  const assemble = (account: TestAccount, fileId: string, path = '/v1.0/upload', fileName = 'call.txt') =>
    account.fetch(path, json({ fileId, assemble: true, fileName }));

  describe.each(PREFIXES)('on %s', (prefix) => {
    it('stores a dump sent in chunks, for one credit at assemble', async () => {
      const account = await service.account({ credits: 3 });
      const fileId = newFileId();
      const chunks = split(dump(LOSS), 5);
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(MAX_CHUNK);
      await sendChunks(account, `${prefix}/upload`, fileId, chunks);
      expect(await remainingCredits(account)).toBe(3);
      const { body } = await expectOk<UploadResponse>(
        assemble(account, fileId, `${prefix}/upload`, 'loss-call.txt'),
        'UploadResponse',
      );
      expect(body.success).toBe(true);
      expect(body.callscopeId).toMatch(UUID);
      expect(body.callscopeUrl).toBe(`${service.url}/sessions/${body.callscopeId}`);
      expect(body).not.toHaveProperty('embedUrl');
      expect(await remainingCredits(account)).toBe(2);
      const stored = await session(account, body.callscopeId);
      expect(stored.body.data.fileName).toBe('loss-call.txt');
      expect(stored.body.data.fileSize).toBe(dump(LOSS).length);
      expect(stored.body.data.uploaded_by).toBe(account.id);
      expect(stored.body.data.observationsCount.high).toBeGreaterThan(0);
    });

    it('stores a raw application/octet-stream body named by ?fileName=', async () => {
      const account = await service.account({ credits: 3 });
      const { body } = await expectOk<UploadResponse>(
        account.fetch(`${prefix}/upload?fileName=raw.txt`, raw(dump(LOSS))),
        'UploadResponse',
      );
      const stored = await session(account, body.callscopeId);
      expect(stored.body.data.fileName).toBe('raw.txt');
      expect(stored.body.data.fileSize).toBe(dump(LOSS).length);
      expect(await remainingCredits(account)).toBe(2);
    });
  });

  it('joins chunks sent out of order in index order', async () => {
    const account = await service.account({ credits: 3 });
    const fileId = newFileId();
    const chunks = split(dump(LOSS), 5);
    await sendChunks(account, '/v1.0/upload', fileId, chunks, [3, 0, 4, 2, 1]);
    const { body } = await expectOk<UploadResponse>(assemble(account, fileId), 'UploadResponse');
    const stored = await session(account, body.callscopeId);
    // A wrong order would not parse as JSON at all; the size and the verdict are those of the file.
    expect(stored.body.data.fileSize).toBe(dump(LOSS).length);
    expect(stored.body.data.observationsCount.high).toBeGreaterThan(0);
  });

  it('refuses a gap in the chunk indexes (400) and spends nothing', async () => {
    const account = await service.account({ credits: 3 });
    const fileId = newFileId();
    const chunks = split(dump(LOSS), 5);
    await sendChunks(account, '/v1.0/upload', fileId, chunks, [0, 1, 3, 4]);
    const { body } = await expectError(assemble(account, fileId), 400, 'invalid_request');
    expect(body.error).toContain('Chunk 2');
    expect(await remainingCredits(account)).toBe(3);
    // The chunks stay: sending the missing one completes the file.
    await sendChunks(account, '/v1.0/upload', fileId, chunks, [2]);
    const done = await expectOk<UploadResponse>(assemble(account, fileId), 'UploadResponse');
    expect((await session(account, done.body.callscopeId)).body.data.fileSize).toBe(dump(LOSS).length);
  });

  it('replaces a chunk that is sent again under the same index', async () => {
    const account = await service.account({ credits: 3 });
    const fileId = newFileId();
    const chunks = split(dump(LOSS), 5);
    await sendChunks(account, '/v1.0/upload', fileId, [new TextEncoder().encode('garbage that is not JSON')]);
    await sendChunks(account, '/v1.0/upload', fileId, chunks, [1, 2, 3, 4, 0]);
    const { body } = await expectOk<UploadResponse>(assemble(account, fileId), 'UploadResponse');
    expect((await session(account, body.callscopeId)).body.data.fileSize).toBe(dump(LOSS).length);
  });

  it("does not let another account assemble or disturb an account's fileId", async () => {
    const owner = await service.account({ credits: 3 });
    const intruder = await service.account({ credits: 3 });
    const fileId = newFileId();
    const chunks = split(dump(LOSS), 5);
    await sendChunks(owner, '/v1.0/upload', fileId, chunks);
    const { body } = await expectError(assemble(intruder, fileId), 400, 'invalid_request');
    expect(body.error).toContain('No chunks');
    // A chunk the intruder sends under the same fileId lands in its own space.
    await sendChunks(intruder, '/v1.0/upload', fileId, [new TextEncoder().encode('not a dump')]);
    expect(await remainingCredits(intruder)).toBe(3);
    const done = await expectOk<UploadResponse>(assemble(owner, fileId), 'UploadResponse');
    expect((await session(owner, done.body.callscopeId)).body.data.fileSize).toBe(dump(LOSS).length);
    await expectError(intruder.fetch(`/v1.0/sessions/${done.body.callscopeId}`), 404, 'not_found');
  });

  it('refuses a chunk over CALLSCOPE_MAX_CHUNK_BYTES (413) and keeps the connection usable', async () => {
    const account = await service.account({ credits: 3 });
    const fileId = newFileId();
    const big = dump(LOSS).subarray(0, MAX_CHUNK + 1);
    await expectError(account.fetch('/v1.0/upload', chunkRequest(fileId, 0, big)), 413, 'file_too_large');
    await expectError(assemble(account, fileId), 400, 'invalid_request');
    const chunks = split(dump(LOSS), 5);
    await sendChunks(account, '/v1.0/upload', fileId, chunks);
    await expectOk(assemble(account, fileId), 'UploadResponse');
  });

  it('takes a gzip dump in chunks on upload, analyze and enrich', async () => {
    const account = await service.account({ credits: 5 });
    const chunks = split(dump(CLEAN_GZ), 3);
    let fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, chunks);
    const up = await expectOk<UploadResponse>(assemble(account, fileId), 'UploadResponse');
    const stored = await session(account, up.body.callscopeId);
    expect(stored.body.data.fileSize).toBe(dump(CLEAN_GZ).length);
    // Chromium's rtcstats export of the clean call: Chromium 156, video and audio scored.
    expect(stored.body.data.userAgentData.browser).toBe('Chromium');
    expect(stored.body.data.videoScore).not.toBeNull();

    fileId = newFileId();
    await sendChunks(account, '/v1.0/analyze', fileId, chunks);
    const analyzed = await expectOk<AnalyzeResponse>(
      account.fetch('/v1.0/analyze', json({ fileId, assemble: true })),
      'AnalyzeResponse',
    );
    expect(analyzed.body.data.observations).toEqual(stored.body.data.observations);

    fileId = newFileId();
    await sendChunks(account, '/v1.0/enrich', fileId, chunks);
    const enriched = await expectOk<EnrichResponse>(
      account.fetch('/v1.0/enrich', json({ fileId, assemble: true })),
      'EnrichResponse',
    );
    expect(enriched.body.data.scores.experienceScore).toBe(stored.body.data.experienceScore);
    expect(await remainingCredits(account)).toBe(2);
  });

  it('refuses malformed chunk requests with 400', async () => {
    const account = await service.account({ credits: 3 });
    const bytes = new TextEncoder().encode('{}');
    const cases: [string, RequestInit][] = [
      ['no fileId', chunkRequest(undefined, 0, bytes)],
      ['bad fileId', chunkRequest('has space', 0, bytes)],
      ['fileId too long', chunkRequest('a'.repeat(129), 0, bytes)],
      ['no chunkIndex', chunkRequest(newFileId(), undefined, bytes)],
      ['negative chunkIndex', chunkRequest(newFileId(), -1, bytes)],
      ['chunkIndex not a number', chunkRequest(newFileId(), '1e3', bytes)],
      ['chunkIndex too large', chunkRequest(newFileId(), 10_000, bytes)],
      ['no chunk', chunkRequest(newFileId(), 0, undefined)],
      ['empty chunk', chunkRequest(newFileId(), 0, new Uint8Array())],
    ];
    for (const [label, init] of cases) {
      const res = await account.fetch('/v1.0/upload', init);
      const { body } = await expectError(res, 400, 'invalid_request');
      expect(body.error, label).not.toBe('');
    }
  });

  it('answers a whole dump sent as a form (curl -F file=@dump) with how to send it, and spends nothing', async () => {
    const account = await service.account({ credits: 3 });
    for (const path of ['/v1.0/upload', '/v1.0/analyze']) {
      const form = new FormData();
      form.append('file', new Blob([dump(LOSS)]), 'webrtc_internals_dump.txt');
      const { body } = await expectError(
        await account.fetch(path, { method: 'POST', body: form }),
        400,
        'invalid_request',
      );
      expect(body.error).toMatch(/^The file field "file" is not a chunk\./);
      expect(body.error).toContain('Content-Type: application/octet-stream (curl --data-binary @dump.txt)');
    }
    expect(await remainingCredits(account)).toBe(3);
  });

  it('says how to send a dump sent with another Content-Type or as JSON, and spends nothing', async () => {
    const account = await service.account({ credits: 3 });
    const post = (path: string, type: string, body: string | Buffer) =>
      account.fetch(path, { method: 'POST', headers: { 'content-type': type }, body });
    const dumpAsJson = dump(LOSS); // a webrtc-internals export: JSON, 276 kB
    const cases: [string, Response, number, RegExp][] = [
      [
        'text/plain',
        await post('/v1.0/analyze', 'text/plain', dumpAsJson),
        400,
        /^Content-Type "text\/plain" is not accepted here: send the dump itself as application\/octet-stream \(curl --data-binary @dump\.txt\)/,
      ],
      [
        'a large dump as JSON',
        await post('/v1.0/upload', 'application/json', dumpAsJson),
        413,
        /^JSON bodies are limited to 64 KiB: here a JSON body is the assemble step\. To send a dump, send it as application\/octet-stream/,
      ],
      [
        'a small dump as JSON',
        await post('/v1.0/analyze', 'application/json', '{"getUserMedia":[],"PeerConnections":{}}'),
        400,
        /^A JSON body here is the assemble step .* send its bytes as application\/octet-stream/,
      ],
    ];
    for (const [label, res, status, message] of cases) {
      const { body } = await expectError(res, status, status === 413 ? 'file_too_large' : 'invalid_request');
      expect(body.error, label).toMatch(message);
    }
    const patch = await account.fetch('/v1.0/sessions/00000000-0000-0000-0000-000000000000', {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body: 'title',
    });
    expect((await expectError(patch, 400, 'invalid_request')).body.error).toBe(
      'Content-Type "text/plain" is not accepted here: send JSON (application/json).',
    );
    expect(await remainingCredits(account)).toBe(3);
  });

  it('refuses an assemble step that is not {fileId, assemble: true, fileName}', async () => {
    const account = await service.account({ credits: 3 });
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, split(dump(LOSS), 5));
    const bodies: unknown[] = [
      { fileId, assemble: true },
      { fileId, assemble: false, fileName: 'x' },
      { fileId, fileName: 'x' },
      { fileId: 'not valid!', assemble: true, fileName: 'x' },
      { fileId, assemble: true, fileName: '' },
      { fileId, assemble: true, fileName: 'x', extra: 1 },
      [fileId],
      'null',
    ];
    for (const body of bodies)
      await expectError(account.fetch('/v1.0/upload', json(body)), 400, 'invalid_request');
    expect(await remainingCredits(account)).toBe(3);
    await expectOk(assemble(account, fileId), 'UploadResponse');
  });

  it('refuses a file that is not a dump with 400 (upload documents no 415) and spends nothing', async () => {
    const account = await service.account({ credits: 3 });
    const { body } = await expectError(
      account.fetch('/v1.0/upload?fileName=notes.txt', raw('these are meeting notes, not a dump')),
      400,
      'invalid_request',
    );
    expect(body.error).toContain('not a WebRTC dump');
    await expectError(account.fetch('/v1.0/upload', raw(dump('jitsi/jvb-sample'))), 400, 'invalid_request');
    expect(await remainingCredits(account)).toBe(3);
    const list = await expectOk<SessionsListResponse>(
      account.fetch('/v1.0/sessions'),
      'SessionsListResponse',
    );
    expect(list.body.totalCount).toBe(0);
  });
});
