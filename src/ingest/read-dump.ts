import type { SessionSink } from '../model/session-sink.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, decodeBytes } from './decompress.js';
import { detectReader } from './detect.js';
import { type DumpInput, openInput } from './input.js';
import { readJsonDump } from './json-dump.js';
import { peek } from './peek.js';
import { readLegacyNdjson } from './rtcstats/read-legacy.js';
import { readRtcstatsV3 } from './rtcstats/read-v3.js';

export interface ReadOptions {
  /** Refuse dumps whose (decompressed) text is larger than this. Default 4 GiB. */
  maxDecompressedBytes?: number;
  /** Called as input bytes are consumed (compressed bytes for gzip input). */
  onProgress?: (bytesRead: number, totalBytes: number | undefined) => void;
}

export interface ReadResult {
  /** Bytes of the input as given (compressed size for gzip). */
  fileSize: number;
  /** Bytes of dump text read (after decompression). */
  textSize: number;
  fileName: string | undefined;
}

/**
 * Reads a dump from bytes, a stream or a file path into `sink`. Throws DumpError when the input
 * is not a dump callscope can read; the error says what was recognized and why it stops there.
 */
export async function readDump(
  input: DumpInput,
  sink: SessionSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const opened = await openInput(input);
  let consumed = 0;
  const progressed = (async function* () {
    for await (const chunk of opened.chunks) {
      consumed += chunk.length;
      options.onProgress?.(consumed, opened.size);
      yield chunk;
    }
  })();
  const decoded = await decodeBytes(
    progressed,
    options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES,
  );
  const { head, chunks } = await peek(decoded.chunks, 64 * 1024);
  const kind = detectReader(head);
  switch (kind) {
    case 'json-document':
      await readJsonDump(chunks, sink, decoded.gzip);
      break;
    case 'rtcstats-v3':
      await readRtcstatsV3(chunks, sink, decoded.gzip);
      break;
    case 'rtcstats-legacy':
      await readLegacyNdjson(chunks, sink, decoded.gzip, 'rtcstats-legacy');
      break;
    case 'jitsi-rtcstats':
      await readLegacyNdjson(chunks, sink, decoded.gzip, 'jitsi-rtcstats');
      break;
  }
  return { fileSize: opened.size ?? consumed, textSize: decoded.counter.bytes, fileName: opened.fileName };
}
