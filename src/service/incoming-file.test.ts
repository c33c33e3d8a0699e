/**
 * Request bodies: in memory (moved to a worker without a copy) when their length is declared and
 * the budget has room, on disk otherwise; refusals give the memory back and leave no file.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { MemoryBudget, receive } from './incoming-file.js';

const KiB = 1024;

async function* pieces(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}

/** Bytes in their own ArrayBuffer, as a socket read delivers them. */
const own = (size: number, fill: number) => new Uint8Array(size).fill(fill);

async function text(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of stream) out.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(out);
}

describe('receive', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), 'incoming-'));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('holds a declared body in memory while the budget has room, and gives the room back', async () => {
    const memory = new MemoryBudget(100 * KiB);
    const a = own(40 * KiB, 1);
    const b = own(20 * KiB, 2);
    const file = await receive(pieces(a, b), { tmpDir: tmp, maxBytes: 1e6, expectedBytes: 60 * KiB, memory });
    expect(file.path).toBeUndefined();
    expect(file.size).toBe(60 * KiB);
    expect(memory.used).toBe(60 * KiB);
    expect(readdirSync(tmp)).toEqual([]);
    const whole = Buffer.concat([a, b]);
    expect(await text(file.open())).toEqual(whole);
    expect(await file.sha256()).toBe(createHash('sha256').update(whole).digest('hex'));

    // Past the remaining room: to disk, and the file holds the body.
    const other = await receive(pieces(own(50 * KiB, 3)), {
      tmpDir: tmp,
      maxBytes: 1e6,
      expectedBytes: 50 * KiB,
      memory,
    });
    expect(other.path).toBeDefined();
    expect(readFileSync(other.path!)).toEqual(Buffer.from(own(50 * KiB, 3)));
    await other.remove();
    expect(readdirSync(tmp)).toEqual([]);

    await file.remove();
    await file.remove();
    expect(memory.used).toBe(0);
  });

  it('spools to disk without a declared length or a budget', async () => {
    const memory = new MemoryBudget(1e6);
    const undeclared = await receive(pieces(own(KiB, 1)), { tmpDir: tmp, maxBytes: 1e6, memory });
    const unbudgeted = await receive(pieces(own(KiB, 1)), { tmpDir: tmp, maxBytes: 1e6, expectedBytes: KiB });
    expect(undeclared.path).toBeDefined();
    expect(unbudgeted.path).toBeDefined();
    expect(memory.used).toBe(0);
    await undeclared.remove();
    await unbudgeted.remove();
  });

  it('refuses a body shorter or longer than declared, giving the memory back', async () => {
    const memory = new MemoryBudget(1e6);
    const short = receive(pieces(own(KiB, 1)), {
      tmpDir: tmp,
      maxBytes: 1e6,
      expectedBytes: 2 * KiB,
      memory,
    });
    await expect(short).rejects.toThrow(/ended after 1024 of the 2048 bytes/);
    const long = receive(pieces(own(KiB, 1), own(KiB, 2)), {
      tmpDir: tmp,
      maxBytes: 1e6,
      expectedBytes: 1500,
      memory,
    });
    await expect(long).rejects.toBeInstanceOf(ApiError);
    expect(memory.used).toBe(0);
  });

  it('moves whole buffers to a worker and copies pieces that share theirs', async () => {
    const memory = new MemoryBudget(1e6);
    const whole = own(8 * KiB, 7);
    const shared = new Uint8Array(new ArrayBuffer(16 * KiB), 4 * KiB, 8 * KiB).fill(8);
    const small = own(100, 9);
    const file = await receive(pieces(whole, shared, small), {
      tmpDir: tmp,
      maxBytes: 1e6,
      expectedBytes: 16 * KiB + 100,
      memory,
    });
    const { chunks, transfer } = file.takeChunks!();
    expect(transfer).toEqual([whole.buffer]);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(chunks, transfer);
    const received = receiveMessageOnPort(port2)!.message as Uint8Array[];
    port1.close();
    expect(whole.byteLength).toBe(0); // moved, not copied
    expect(shared.byteLength).toBe(8 * KiB); // the other owner keeps its memory
    expect(Buffer.concat(received)).toEqual(
      Buffer.concat([Buffer.alloc(8 * KiB, 7), Buffer.alloc(8 * KiB, 8), Buffer.alloc(100, 9)]),
    );
    // Handed over: nothing left to read here, but the memory is still counted until the request ends.
    expect(() => file.open()).toThrow(/handed over/);
    expect(memory.used).toBe(16 * KiB + 100);
    await file.remove();
    expect(memory.used).toBe(0);
  });
});
