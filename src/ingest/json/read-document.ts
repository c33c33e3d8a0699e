import { unreadable } from '../errors.js';
import { DEFAULT_MAX_LINE_LENGTH, forEachLine } from '../lines.js';
import { peek } from '../peek.js';
import { documentText } from './document-text.js';
import { PrettyJsonReader } from './pretty-reader.js';
import type { TokenJsonReader } from './token-reader.js';
import { type JsonVisitor, walkValue } from './visitor.js';

/**
 * Documents up to this size are parsed whole: fastest, and tolerant of any layout. Larger ones
 * stream, so that memory stays bounded and V8's string limit does not apply.
 */
const WHOLE_PARSE_LIMIT = 16 * 1024 * 1024;

/**
 * Streams one JSON document through a visitor, choosing the cheapest reader that can cope:
 * small documents with JSON.parse, large pretty-printed ones line by line, others by tokens.
 * A line or a single value longer than `maxValueBytes` is refused as too large.
 */
export async function readJsonDocument(
  chunks: AsyncIterable<Buffer>,
  visitor: JsonVisitor,
  maxValueBytes = DEFAULT_MAX_LINE_LENGTH,
): Promise<void> {
  const parts: Buffer[] = [];
  let size = 0;
  const iterator = chunks[Symbol.asyncIterator]();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    parts.push(next.value);
    size += next.value.length;
    if (size > WHOLE_PARSE_LIMIT) {
      const rest = (async function* () {
        yield* parts.splice(0);
        for (let more = await iterator.next(); !more.done; more = await iterator.next()) yield more.value;
      })();
      await streamDocument(rest, visitor, maxValueBytes);
      return;
    }
  }
  const bytes = joined(parts, size);
  let value: unknown;
  try {
    value = JSON.parse(documentText(bytes));
  } catch (error) {
    const truncated = /end of (JSON )?input|Unterminated/i.test((error as Error).message);
    throw unreadable(
      truncated
        ? 'The dump ends early: the JSON document is incomplete (truncated file).'
        : `The dump is not valid JSON: ${(error as Error).message}.`,
      'JSON document',
    );
  }
  walkValue(value, visitor);
}

/**
 * The parts as one buffer. A file read whole comes as consecutive slices of one buffer: they are
 * viewed as one, not copied (a copy of every small dump that cost about 3 % of its analysis).
 */
function joined(parts: Buffer[], size: number): Buffer {
  const first = parts[0];
  if (!first) return Buffer.alloc(0);
  let end = first.byteOffset + first.length;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.buffer !== first.buffer || part.byteOffset !== end) return Buffer.concat(parts, size);
    end += part.length;
  }
  return Buffer.from(first.buffer, first.byteOffset, size);
}

async function streamDocument(
  chunks: AsyncIterable<Buffer>,
  visitor: JsonVisitor,
  maxValueBytes: number,
): Promise<void> {
  const { head, chunks: all } = await peek(chunks, 4096);
  const text = head.toString('utf8', 0, Math.min(head.length, 4096)).replace(/^\uFEFF/, '');
  const nl = text.indexOf('\n');
  if (nl !== -1 && PrettyJsonReader.accepts(text.slice(0, nl))) {
    const reader = new PrettyJsonReader(visitor, maxValueBytes);
    await forEachLine(all, (line) => reader.line(line), maxValueBytes);
    reader.end();
    return;
  }
  // Loaded for the documents that need it, past 16 MiB on one line: the tokenizer's package took
  // 16-28 ms to load, part of every cold `callscope analyze` of a small dump.
  const { TokenJsonReader: Reader } = await import('./token-reader.js');
  const reader: TokenJsonReader = new Reader(visitor, maxValueBytes);
  for await (const chunk of all) reader.write(chunk);
  reader.end();
}
