import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { portReader, sendToPort } from './port-stream.js';

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

describe('a byte stream across a message port', () => {
  it('arrives whole and in order, chunks from a shared pool included', async () => {
    const pool = randomBytes(300_000);
    // Views into one buffer, as stream chunks often are: each is copied before it moves.
    const chunks = Array.from({ length: 30 }, (_, i) => pool.subarray(i * 10_000, (i + 1) * 10_000));
    const { port1, port2 } = new MessageChannel();
    const [, received] = await Promise.all([sendToPort(chunks, port1), collect(portReader(port2))]);
    expect(received.equals(pool)).toBe(true);
    expect(pool.length).toBe(300_000);
    port1.close();
  });

  it('keeps at most its window in flight while the reader does not take', async () => {
    const { port1, port2 } = new MessageChannel();
    let produced = 0;
    async function* source() {
      for (let i = 0; i < 100; i++) {
        produced += 1000;
        yield new Uint8Array(1000);
      }
    }
    const sending = sendToPort(source(), port1, 5000);
    const reader = portReader(port2);
    await sleep(50);
    // The window is full after 5 chunks; the source was asked for one more, which waits.
    expect(produced).toBeLessThanOrEqual(6000);
    const all = await collect(reader);
    await sending;
    expect(all.length).toBe(100_000);
    port1.close();
  });

  it("says so on the reader's side when the source fails", async () => {
    const { port1, port2 } = new MessageChannel();
    async function* failing() {
      yield new Uint8Array(10);
      throw new Error('pipe broken');
    }
    const sending = sendToPort(failing(), port1);
    await expect(collect(portReader(port2))).rejects.toThrow('reading the input failed: pipe broken');
    await sending;
    port1.close();
  });

  it('stops sending when the reader goes away (its thread stopped)', async () => {
    const { port1, port2 } = new MessageChannel();
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced++;
        yield new Uint8Array(1000);
      }
    }
    const sending = sendToPort(endless(), port1, 4000);
    await sleep(20);
    port2.close();
    await sending;
    expect(produced).toBeLessThan(10);
  });

  it('ends in an error when the sender goes away before the end', async () => {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(new Uint8Array(5));
    const reading = collect(portReader(port2));
    await sleep(10);
    port1.close();
    await expect(reading).rejects.toThrow('the input ended before its sender said so');
  });
});
