/**
 * Request builders for the REST tests: raw dumps, JSON bodies, and the chunked flow (multipart
 * chunks, then the JSON assemble step).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectOk } from './api-schemas.js';
import { fixture } from './fixtures.js';
import type { TestAccount } from './service.js';

/** Both path forms of the API: every operation but enrich and observations is served on both. */
export const PREFIXES = ['/v1.0', '/api/callscope/v1.0'] as const;

const cache = new Map<string, Buffer>();
/** A fixture's bytes, by its path under test/fixtures (read once per test file). */
export function dump(path: string): Buffer {
  let bytes = cache.get(path);
  if (!bytes) {
    bytes = readFileSync(fixture(...path.split('/')));
    cache.set(path, bytes);
  }
  return bytes;
}

/** A raw-body POST of a dump. */
export const raw = (body: Uint8Array | string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/octet-stream', ...headers },
  body,
});

/** A JSON request (assemble step, PATCH). */
export const json = (body: unknown, method = 'POST', headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** One chunk of the chunked flow as multipart/form-data. */
export function chunkRequest(
  fileId: string | undefined,
  chunkIndex: string | number | undefined,
  bytes: Uint8Array | undefined,
): RequestInit {
  const form = new FormData();
  if (fileId !== undefined) form.set('fileId', fileId);
  if (chunkIndex !== undefined) form.set('chunkIndex', String(chunkIndex));
  if (bytes !== undefined) form.set('chunk', new Blob([bytes]), 'chunk.bin');
  return { method: 'POST', body: form };
}

/** `bytes` cut into `count` pieces of (nearly) equal size. */
export function split(bytes: Uint8Array, count: number): Uint8Array[] {
  const size = Math.ceil(bytes.length / count);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A fresh client-side fileId. */
export const newFileId = (): string => `f_${randomBytes(8).toString('hex')}`;

/**
 * Sends the chunks of a file to `path` (upload, analyze or enrich), in `order` (indexes; default
 * ascending), checking each `{success: true}` answer.
 */
export async function sendChunks(
  account: TestAccount,
  path: string,
  fileId: string,
  chunks: Uint8Array[],
  order: number[] = chunks.map((_, i) => i),
): Promise<void> {
  for (const i of order) {
    const res = await expectOk<{ success: boolean }>(
      account.fetch(path, chunkRequest(fileId, i, chunks[i]!)),
      'ChunkResponse',
    );
    if (res.body.success !== true) throw new Error(`chunk ${i} answered ${res.text}`);
  }
}

/** The remaining credits of an account. */
export async function remainingCredits(account: TestAccount): Promise<number> {
  const res = await expectOk<{ remainingCredits: number }>(account.fetch('/v1.0/quota'), 'QuotaResponse');
  return res.body.remainingCredits;
}

/** Analyzes a dump and stores it under `fileName` (analyze with save): its session id. */
export async function saveDump(account: TestAccount, body: Uint8Array, fileName: string): Promise<string> {
  const res = await account.fetch(
    `/v1.0/analyze?save=true&fileName=${encodeURIComponent(fileName)}`,
    raw(body),
  );
  if (res.status !== 200) throw new Error(`analyze with save answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { callscopeId: string }).callscopeId;
}

/** Shares a stored session: the path of its public page (/share/{link}). */
export async function sharePath(account: TestAccount, id: string): Promise<string> {
  const res = await account.fetch(`/v1.0/sessions/${id}`, json({ shared: true }, 'PATCH'));
  if (res.status !== 200) throw new Error(`sharing answered ${res.status}: ${await res.text()}`);
  return `/share/${((await res.json()) as { data: { public_link: string } }).data.public_link}`;
}
