import { formatBytes } from './decompress.js';
import { DumpError } from './errors.js';

/**
 * The longest line, or single JSON value, a reader takes: far past any real dump's (a long call's
 * stats series is a few MB), and short of V8's string limit (2^29 - 24 characters), so that such
 * input is refused as too large before the engine's limit is met somewhere in the middle of a read.
 */
export const DEFAULT_MAX_LINE_LENGTH = 256 * 1024 * 1024;

/** The refusal of a line or a single value longer than `max` bytes: 413, as the content is too large. */
export function tooLong(what: 'line' | 'value' | 'number', max: number): DumpError {
  const subject = {
    line: 'A line of the dump',
    value: 'A single value of the dump',
    number: 'A number in the dump',
  }[what];
  return new DumpError(
    'too-large',
    `${subject} is longer than ${formatBytes(max)}, the longest this server reads.`,
  );
}

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
      if (pendingLength > maxLineLength) throw tooLong('line', maxLineLength);
    }
  }
  if (pending.length > 0) {
    const line = Buffer.concat(pending);
    emit(line, 0, line.length);
  }
}
