import { describe, expect, it } from 'vitest';
import { gzipOfLongValue } from '../../../test/support/long-value.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, decodeBytes } from '../decompress.js';
import { type DumpError, isDumpError } from '../errors.js';
import { readJsonDocument } from './read-document.js';
import type { JsonVisitor } from './visitor.js';

const MiB = 1024 * 1024;
/** Past the size read with one JSON.parse, so that the streaming readers are the ones tested. */
const STREAMED = 20 * MiB;

/** Walks every member and keeps nothing. */
const visitor: JsonVisitor = {
  enter: (path) => (path.length === 0 ? 'descend' : 'collect'),
  value: () => {},
};

async function refusal(chunks: AsyncIterable<Buffer>, maxValueBytes?: number): Promise<DumpError> {
  const error = await readJsonDocument(chunks, visitor, maxValueBytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isDumpError(error), `expected a DumpError, got ${String(error)}`).toBe(true);
  return error as DumpError;
}

/** What the readers get for a gzip of a long value: the real inflater, in its 1 MiB pieces. */
async function gunzipped(...value: Parameters<typeof gzipOfLongValue>): Promise<AsyncIterable<Buffer>> {
  return (await decodeBytes(gzipOfLongValue(...value), DEFAULT_MAX_DECOMPRESSED_BYTES)).chunks;
}

describe('one value longer than a reader takes', () => {
  it('refuses a gzip of one long string as too large, having read little more than the limit', async () => {
    let read = 0;
    const counted = (async function* () {
      for await (const chunk of await gunzipped('{"PeerConnections":"', 'A', 4 * STREAMED, '"}')) {
        read += chunk.length;
        yield chunk;
      }
    })();
    const e = await refusal(counted, 2 * MiB);
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe('A single value of the dump is longer than 2 MiB, the longest this server reads.');
    // The first 16 MiB are gathered before choosing a reader; then it stops within a few pieces.
    expect(read).toBeLessThan(STREAMED);
  });

  it('measures the value even when every piece ends inside an escape (no partial token there)', async () => {
    // `{"x":"a` then backslashes: 7 bytes, so each 1 MiB piece ends after the first of a pair.
    const pieces = (async function* () {
      const first = Buffer.alloc(MiB, '\\');
      first.write('{"x":"a');
      yield first;
      const rest = Buffer.alloc(MiB, '\\');
      for (let i = 1; i < STREAMED / MiB; i++) yield rest;
    })();
    const e = await refusal(pieces, 2 * MiB);
    expect(e.kind).toBe('too-large');
  });

  it('refuses a number longer than 64 KiB without reading it whole at every piece', async () => {
    const e = await refusal(await gunzipped(`{"pad":"${'p'.repeat(17 * MiB)}","n":1`, '1', 8 * MiB, '}'));
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe('A number in the dump is longer than 64 KiB, the longest this server reads.');
  });

  it('refuses a line longer than the limit in a pretty-printed document', async () => {
    const e = await refusal(await gunzipped('{\n "x": "', 'A', STREAMED, '"\n}\n'), 2 * MiB);
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe('A line of the dump is longer than 2 MiB, the longest this server reads.');
  });

  it('refuses a value spread over more lines than the limit in a pretty-printed document', async () => {
    // An inline array continued on the next lines is gathered until it closes: here it never does.
    const line = `"${'A'.repeat(1020)}",\n`;
    const e = await refusal(await gunzipped('{\n "x": [1,\n', line, STREAMED), 2 * MiB);
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe('A single value of the dump is longer than 2 MiB, the longest this server reads.');
  });

  it('still reads values up to the limit, and reports invalid JSON as such', async () => {
    await readJsonDocument(await gunzipped('{"x":"', 'A', STREAMED, '"}'), visitor, 32 * MiB);
    const e = await refusal(await gunzipped('{"x":"', 'A', STREAMED, '"]'), 32 * MiB);
    expect(e.kind).toBe('unreadable');
    expect(e.message).toMatch(/^The dump is not valid JSON: /);
    // Said once: the tokenizer hands our own refusals back through its error callback.
    expect(e.message).not.toMatch(/JSON: The dump/);
  });
});

describe('a document in pieces', () => {
  /** Every value the reader hands on, with its path. */
  async function read(chunks: Buffer[]): Promise<string[]> {
    const seen: string[] = [];
    const collect: JsonVisitor = {
      enter: () => 'descend',
      value: (path, value) => seen.push(`${path.join('.')}=${JSON.stringify(value)}`),
    };
    await readJsonDocument(
      (async function* () {
        yield* chunks;
      })(),
      collect,
    );
    return seen;
  }
  const text = JSON.stringify({ a: [1, 2, 3], b: { c: 'é'.repeat(50), d: null }, e: 'tail' });
  const bytes = Buffer.from(text);
  const cuts = [0, 7, 20, 33, bytes.length];
  const slices = (from: Buffer) => cuts.slice(1).map((end, i) => from.subarray(cuts[i], end));

  it('reads the same values whether its pieces are slices of one buffer, copies, or slices out of their order', async () => {
    const whole = await read([bytes]);
    expect(whole.length).toBeGreaterThan(5);
    expect(await read(slices(bytes))).toEqual(whole);
    expect(await read(slices(bytes).map((s) => Buffer.from(s)))).toEqual(whole);
    // Slices of one buffer that do not follow each other in it: the second half stored first.
    const half = cuts[2]!;
    const swapped = Buffer.concat([bytes.subarray(half), bytes.subarray(0, half)]);
    const tail = swapped.subarray(0, bytes.length - half);
    const head = swapped.subarray(bytes.length - half);
    expect(await read([head, tail])).toEqual(whole);
  });
});
