import { unreadable } from './errors.js';

export const DEFAULT_MAX_LINE_LENGTH = 256 * 1024 * 1024;

/**
 * Calls `onLine` for every line of a UTF-8 byte stream (`\n` or `\r\n` endings), synchronously
 * within each chunk: per-line promises would cost more than the parsing on big dumps.
 * A line longer than `maxLineLength` bytes is refused instead of growing without bound.
 *
 * Each line is decoded on its own (a newline byte never occurs inside a multi-byte character).
 * Decoding the whole chunk and slicing it would be no faster, and every short string a reader
 * keeps from a line (an id, an event type) would then keep the whole chunk alive: dumps larger
 * than memory would be retained almost entirely through such slices.
 */
export async function forEachLine(
  chunks: AsyncIterable<Buffer>,
  onLine: (line: string) => void,
  maxLineLength = DEFAULT_MAX_LINE_LENGTH,
): Promise<void> {
  /** Bytes of a line that started in an earlier chunk. */
  let pending: Buffer[] = [];
  let pendingLength = 0;
  const emit = (bytes: Buffer, start: number, end: number): void => {
    onLine(bytes.toString('utf8', start, end > start && bytes[end - 1] === 13 ? end - 1 : end));
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (pending.length === 0) emit(chunk, start, nl);
      else {
        pending.push(chunk.subarray(0, nl));
        const line = Buffer.concat(pending);
        pending = [];
        pendingLength = 0;
        emit(line, 0, line.length);
      }
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(start === 0 ? chunk : chunk.subarray(start));
      pendingLength += chunk.length - start;
      if (pendingLength > maxLineLength) {
        throw unreadable(
          `A line of the dump is longer than ${maxLineLength} bytes; this is not a dump callscope reads.`,
        );
      }
    }
  }
  if (pending.length > 0) {
    const line = Buffer.concat(pending);
    emit(line, 0, line.length);
  }
}
