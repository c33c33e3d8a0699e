import { gzipSync } from 'node:zlib';

const BLOCK = 1 << 20;

/**
 * `before`, then `length` bytes of `fill` (repeated), then `after`, produced a block at a time:
 * a dump of one huge value that never exists in memory as a whole.
 */
export async function* longValue(
  before: string,
  fill: string,
  length: number,
  after = '',
): AsyncGenerator<Buffer> {
  yield Buffer.from(before);
  const block = Buffer.alloc(BLOCK, fill);
  for (let sent = 0; sent < length; sent += BLOCK) yield block.subarray(0, Math.min(BLOCK, length - sent));
  if (after) yield Buffer.from(after);
}

/**
 * The gzip of `longValue(before, fill, length, after)`, as one gzip member per block (a gzip file
 * may hold several, read as one stream: `cat a.gz b.gz` is the gzip of both). Each block is
 * compressed once, so a value of 1 GB takes about 1 MB and milliseconds to produce, where
 * compressing it as one member took 25 s per GB.
 */
export async function* gzipOfLongValue(
  before: string,
  fill: string,
  length: number,
  after = '',
): AsyncGenerator<Buffer> {
  yield gzipSync(before);
  const whole = gzipSync(Buffer.alloc(BLOCK, fill), { level: 9 });
  let sent = 0;
  for (; sent + BLOCK <= length; sent += BLOCK) yield whole;
  if (sent < length) yield gzipSync(Buffer.alloc(length - sent, fill));
  if (after) yield gzipSync(after);
}

/** All of a stream, collected. */
export async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}
