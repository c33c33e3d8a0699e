import type { Readable } from 'node:stream';
import type { BlobStore } from '../storage/blobs/blob-store.js';

/** Where the parts of a collected call's dump live: numbered blobs, joined in order when it ends. */
export const partsPrefix = (accountId: string, callId: string) => `collect/${accountId}/${callId}/`;

const partKey = (accountId: string, callId: string, index: number) =>
  `${partsPrefix(accountId, callId)}${String(index).padStart(6, '0')}`;

/** The stored parts of a call, in order: those numbered from 0 without a gap. */
export async function listParts(blobs: BlobStore, accountId: string, callId: string): Promise<string[]> {
  const prefix = partsPrefix(accountId, callId);
  const indexes: number[] = [];
  for await (const key of blobs.list(prefix)) {
    const name = key.slice(prefix.length);
    if (/^\d{6,}$/.test(name)) indexes.push(Number(name));
  }
  indexes.sort((a, b) => a - b);
  const keys: string[] = [];
  for (const [i, index] of indexes.entries()) {
    if (index !== i) break;
    keys.push(partKey(accountId, callId, index));
  }
  return keys;
}

/** The whole dump, part after part, one part open at a time. */
export async function* readParts(blobs: BlobStore, keys: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const key of keys) {
    const stream: Readable = await blobs.get(key);
    for await (const chunk of stream) yield chunk as Uint8Array;
  }
}

export async function deleteParts(blobs: BlobStore, accountId: string, callId: string): Promise<void> {
  const keys: string[] = [];
  for await (const key of blobs.list(partsPrefix(accountId, callId))) keys.push(key);
  for (const key of keys) await blobs.delete(key).catch(() => {});
}

/** The last line of a stored part (to learn where a continued call stopped). */
export async function lastLine(blobs: BlobStore, key: string): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key)) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return lines[i];
  return undefined;
}

/**
 * A call's dump as it arrives: lines are held in memory until the next flush writes them to the
 * blob store as one more part. Memory is bounded by what one connection may send between flushes
 * (its message rate and size limits); a node that dies loses at most that.
 */
/** The sequence number of the last jitsi record in a call's parts (its fifth field), or 0. */
export async function lastJitsiSeq(blobs: BlobStore, parts: readonly string[]): Promise<number> {
  const last = parts.length > 0 ? await lastLine(blobs, parts[parts.length - 1]!) : undefined;
  try {
    const record = last ? JSON.parse(last) : undefined;
    if (Array.isArray(record) && typeof record[4] === 'number') return record[4];
  } catch {
    // A torn last line (the node died mid-write): the client resends from 0.
  }
  return 0;
}

export class CallDump {
  #pending: string[] = [];
  #pendingBytes = 0;
  #flushing: Promise<void> = Promise.resolve();
  /** Bytes written or pending. */
  bytes: number;
  parts: number;

  constructor(
    private readonly blobs: BlobStore,
    readonly accountId: string,
    readonly callId: string,
    start: { parts: number; bytes: number } = { parts: 0, bytes: 0 },
  ) {
    this.parts = start.parts;
    this.bytes = start.bytes;
  }

  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  append(lines: readonly string[]): void {
    for (const line of lines) {
      const size = Buffer.byteLength(line) + 1;
      this.#pending.push(line);
      this.#pendingBytes += size;
      this.bytes += size;
    }
  }

  /** Writes what is pending as the next part; flushes run one after the other. */
  flush(): Promise<void> {
    const run = this.#flushing.then(() => this.#write());
    this.#flushing = run.catch(() => {});
    return run;
  }

  async #write(): Promise<void> {
    if (this.#pending.length === 0) return;
    const lines = this.#pending;
    const size = this.#pendingBytes;
    this.#pending = [];
    this.#pendingBytes = 0;
    try {
      await this.blobs.put(
        partKey(this.accountId, this.callId, this.parts),
        Buffer.from(`${lines.join('\n')}\n`),
      );
      this.parts++;
    } catch (error) {
      // Kept for the next flush: the blob store may be back by then.
      this.#pending = [...lines, ...this.#pending];
      this.#pendingBytes += size;
      throw error;
    }
  }
}
