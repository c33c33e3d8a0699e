/** The first bytes of a stream, and the whole stream (those bytes included) to read on. */
export interface Peeked {
  head: Buffer;
  chunks: AsyncIterable<Buffer>;
}

/** Reads until at least `minBytes` are buffered (or the stream ends), without losing anything. */
export async function peek(source: AsyncIterable<Buffer>, minBytes: number): Promise<Peeked> {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < minBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(next.value);
    length += next.value.length;
  }
  const head = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  const chunks = (async function* () {
    if (head.length > 0) yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  return { head, chunks };
}
