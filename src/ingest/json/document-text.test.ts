import { describe, expect, it } from 'vitest';
import { type DumpError, isDumpError } from '../errors.js';
import { documentText, plainText } from './document-text.js';
import { readJsonDocument } from './read-document.js';
import type { JsonVisitor } from './visitor.js';

/** A JSON document of about `bytes` bytes whose strings hold `text`. */
function documentOf(bytes: number, text = 'abc'): Buffer {
  const items: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = JSON.stringify({ i, text, values: `[${i},${i + 1}]` });
    items.push(item);
    size += item.length + 1;
  }
  return Buffer.from(`[${items.join(',')}]`);
}

/** The values readJsonDocument hands on, or its refusal. */
async function read(bytes: Buffer): Promise<unknown[] | DumpError> {
  const seen: unknown[] = [];
  const collect: JsonVisitor = {
    enter: (path) => (path.length === 0 ? 'descend' : 'collect'),
    value: (_path, value) => seen.push(value),
  };
  try {
    await readJsonDocument(
      (async function* () {
        yield bytes;
      })(),
      collect,
    );
  } catch (error) {
    if (isDumpError(error)) return error;
    throw error;
  }
  return seen;
}

describe('documentText', () => {
  // Below V8's large-object size, between it and Node's external strings, past them; ASCII or not.
  for (const [name, bytes, text] of [
    ['small ASCII', 60_000, 'abc'],
    ['ASCII past 128 KiB', 300_000, 'abc'],
    ['ASCII past 1 MiB', 1_200_000, 'abc'],
    ['non-ASCII past 128 KiB', 300_000, 'é ® 漢'],
  ] as const) {
    it(`parses to what the UTF-8 text parses to: ${name}`, () => {
      const doc = documentOf(bytes, text);
      expect(JSON.parse(documentText(doc))).toEqual(JSON.parse(doc.toString('utf8')));
    });
  }

  it('drops a byte order mark', () => {
    const doc = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), documentOf(300_000)]);
    expect(JSON.parse(documentText(doc))).toEqual(JSON.parse(plainText(doc)));
    expect(plainText(doc).charCodeAt(0)).toBe(91);
  });

  it("reports a broken document's error at its place in the file", async () => {
    const doc = documentOf(1_200_000);
    // Cut after a whole element of the array: JSON.parse wants a comma or a bracket at the end.
    const cut = doc.subarray(0, doc.indexOf('},', 1_100_000) + 1);
    const error = await read(cut);
    expect(isDumpError(error)).toBe(true);
    expect((error as DumpError).message).toMatch(/not valid JSON/);
    const position = Number(/position (\d+)/.exec((error as DumpError).message)?.[1]);
    expect(position).toBe(cut.length);
  });

  it('reads every value of a large ASCII document', async () => {
    const doc = documentOf(1_200_000);
    const values = await read(doc);
    expect(values).toEqual(JSON.parse(doc.toString('utf8')));
  });
});
