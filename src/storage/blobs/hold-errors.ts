import type { Readable } from 'node:stream';

/**
 * Gives `stream` an error listener at once, for a stream handed across an `await` before its
 * consumer (`pipeline`, `for await`, a reply) attaches its own. A stream that fails in between (a
 * file removed before it was opened: the spool cleaner, housekeeping, a session deleted during its
 * download) would otherwise emit 'error' with no listener, which ends the process. The error is
 * not lost: the stream keeps it (`errored`), and the consumer that comes later rejects with it.
 */
export function holdErrors<T extends Readable>(stream: T): T {
  stream.on('error', ignore);
  return stream;
}

function ignore(): void {}
