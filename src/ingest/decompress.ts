import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { DumpError, unsupported } from './errors.js';

export interface DecodedBytes {
  chunks: AsyncIterable<Buffer>;
  gzip: boolean;
  /** Bytes produced so far (decompressed), updated while `chunks` is consumed. */
  readonly counter: { bytes: number; compressedBytes: number };
}

/** Default cap on the decompressed size of one dump: well past any real dump, short of exhausting a host. */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 4 * 1024 ** 3;

const MAGIC: readonly { bytes: readonly number[]; name: string; hint: string }[] = [
  { bytes: [0x42, 0x5a, 0x68], name: 'bzip2', hint: 'decompress it (bunzip2) or re-compress it with gzip' },
  {
    bytes: [0x28, 0xb5, 0x2f, 0xfd],
    name: 'zstd',
    hint: 'decompress it (unzstd) or re-compress it with gzip',
  },
  {
    bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
    name: 'xz',
    hint: 'decompress it (unxz) or re-compress it with gzip',
  },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    name: 'zip',
    hint: 'extract the dump from the archive and send it alone',
  },
  {
    bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
    name: '7z',
    hint: 'extract the dump from the archive and send it alone',
  },
];

/**
 * Peeks at the first bytes: gzip (magic 1f 8b, whatever the file is called) is inflated on the
 * fly with a cap on the inflated size, so a gzip bomb stops at the cap instead of filling memory.
 * Other archive formats are refused with a message that says what to do.
 */
export async function decodeBytes(source: AsyncIterable<Buffer>, maxBytes: number): Promise<DecodedBytes> {
  const counter = { bytes: 0, compressedBytes: 0 };
  const iterator = source[Symbol.asyncIterator]();
  let head: Buffer = Buffer.alloc(0);
  let done = false;
  while (head.length < 8 && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  const rest = (async function* () {
    if (head.length > 0) yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();

  for (const magic of MAGIC) {
    if (magic.bytes.every((b, i) => head[i] === b)) {
      throw unsupported(
        `This is a ${magic.name} file, which callscope does not read: ${magic.hint}.`,
        magic.name,
      );
    }
  }
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip) return { chunks: capped(rest, maxBytes, counter, false), gzip, counter };
  return { chunks: capped(gunzip(rest, counter), maxBytes, counter, true), gzip, counter };
}

async function* gunzip(
  source: AsyncIterable<Buffer>,
  counter: { compressedBytes: number },
): AsyncGenerator<Buffer> {
  const counted = (async function* () {
    for await (const chunk of source) {
      counter.compressedBytes += chunk.length;
      yield chunk;
    }
  })();
  const inflater = createGunzip({ chunkSize: 1 << 20 });
  const out = pipeline(Readable.from(counted), inflater, () => {});
  try {
    for await (const chunk of out) yield chunk as Buffer;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const detail =
      code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((error as Error).message))
        ? 'the gzip data ends early (truncated file)'
        : `the gzip data is corrupt (${(error as Error).message})`;
    throw new DumpError('compression', `Could not decompress the dump: ${detail}.`, 'gzip');
  }
}

async function* capped(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
  counter: { bytes: number },
  gzip: boolean,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    counter.bytes += chunk.length;
    if (counter.bytes > maxBytes) {
      const what = gzip ? 'decompresses to' : 'is';
      throw new DumpError(
        'too-large',
        `The dump ${what} more than ${formatBytes(maxBytes)}, the largest size this server reads.`,
        gzip ? 'gzip' : undefined,
      );
    }
    yield chunk;
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
