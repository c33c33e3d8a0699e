import { Buffer } from 'node:buffer';
import type { MessagePort } from 'node:worker_threads';

/**
 * A byte stream across threads: the sender posts chunks (moved, not copied twice), `null` at the
 * end, or `{ error }` when its source fails; the reader posts back the size of each chunk it has
 * taken. The sender keeps at most WINDOW bytes in flight, so a dump piped in faster than it is
 * analyzed waits in the pipe rather than in memory.
 */
const WINDOW = 8 * 1024 * 1024;

/** Sends `source` down `port`. Stops early, quietly, when the reading side goes away. */
export async function sendToPort(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  port: MessagePort,
  window = WINDOW,
): Promise<void> {
  let credit = window;
  let closed = false;
  let wake: (() => void) | undefined;
  const onCredit = (n: unknown) => {
    if (typeof n === 'number') credit += n;
    wake?.();
  };
  const onClose = () => {
    closed = true;
    wake?.();
  };
  port.on('message', onCredit);
  port.on('close', onClose);
  try {
    for await (const chunk of source) {
      while (credit <= 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
      if (closed) return;
      // A copy with a buffer of its own: stream chunks often share a pooled one, which cannot move.
      const own = new Uint8Array(chunk);
      credit -= own.byteLength;
      port.postMessage(own, [own.buffer]);
    }
    if (!closed) port.postMessage(null);
  } catch (error) {
    if (!closed) port.postMessage({ error: (error as Error).message ?? String(error) });
  } finally {
    port.off('message', onCredit);
    port.off('close', onClose);
  }
}

/** What `sendToPort` sends, as the chunks a dump reader takes. */
export async function* portReader(port: MessagePort): AsyncGenerator<Buffer> {
  const queue: unknown[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  port.on('message', (message: unknown) => {
    queue.push(message);
    wake?.();
  });
  port.on('close', () => {
    ended = true;
    wake?.();
  });
  for (;;) {
    while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
    if (queue.length === 0) throw new Error('the input ended before its sender said so');
    const message = queue.shift();
    if (message === null) return;
    if (message instanceof Uint8Array) {
      yield Buffer.from(message.buffer, message.byteOffset, message.byteLength);
      port.postMessage(message.byteLength);
      continue;
    }
    const why = (message as { error?: unknown }).error;
    throw new Error(`reading the input failed: ${String(why)}`);
  }
}
