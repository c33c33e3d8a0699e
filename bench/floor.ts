import { statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readWholeFile } from '../src/ingest/input.js';

/**
 * The decode floor: the least work any reader of the dump must do. Reads the file, parses its
 * JSON and then every JSON text nested in a string (the `values` series of webrtc-internals, the
 * `data` payloads of rtcstats lines). Returns the number of nested texts parsed, so that no work
 * can be optimized away. A document's text is decoded as UTF-8, as a plain reader (and the open
 * tools) would.
 *
 * Files that are not one JSON document (rtcstats and Jitsi dumps) are decoded and parsed line by
 * line, straight from the bytes. Decoding the whole file first and splitting it is more work, and
 * much more when one character anywhere is outside Latin-1: the whole text then becomes a two-byte
 * string (on the Jitsi multi-connection fixture, one "®" in a camera label made the floor 40 %
 * slower). A floor that a plain line reader beats would flatter the ratio.
 */
export async function decodeFloor(path: string): Promise<number> {
  const bytes = await readBytes(path);
  let parsed = 0;
  const visit = (value: unknown, key: string | undefined): void => {
    if (typeof value === 'string') {
      if ((key === 'values' || key === 'data') && isJsonText(value)) {
        try {
          JSON.parse(value);
          parsed++;
        } catch {
          // Not JSON after all: nothing to decode.
        }
      }
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) for (const item of value) visit(item, undefined);
    else for (const k in value) visit((value as Record<string, unknown>)[k], k);
  };
  if (!forEachLineDocument(bytes, (doc) => visit(doc, undefined))) {
    visit(JSON.parse(bytes.toString('utf8')), undefined);
  }
  return parsed;
}

/**
 * Parses each line and hands it to `onDocument`, when the first line is a JSON document of its own
 * and more follows. Returns false, having parsed at most the first line, when the file is one JSON
 * document (on one line, or spread over lines as a pretty-printed export is).
 */
function forEachLineDocument(bytes: Buffer, onDocument: (doc: unknown) => void): boolean {
  const first = bytes.indexOf(10);
  if (first === -1 || !hasContentAfter(bytes, first)) return false;
  const head = bytes.toString('utf8', 0, first);
  // Chromium's own export opens with a magic line that is not JSON; its records follow, a line each.
  if (head.trim() !== 'RTCStatsDump') {
    let doc: unknown;
    try {
      doc = JSON.parse(head);
    } catch {
      return false;
    }
    onDocument(doc);
  }
  let start = first + 1;
  while (start < bytes.length) {
    const nl = bytes.indexOf(10, start);
    const end = nl === -1 ? bytes.length : nl;
    const line = bytes.toString('utf8', start, end);
    if (line.trim() !== '') onDocument(JSON.parse(line));
    start = end + 1;
  }
  return true;
}

function hasContentAfter(bytes: Buffer, from: number): boolean {
  for (let i = from + 1; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 10 && b !== 13 && b !== 32 && b !== 9) return true;
  }
  return false;
}

/**
 * The dump's bytes (gzip inflated, detected by its magic bytes as analyzeDump does). Read in one go
 * the way analyzeDump reads a file it does not stream (readWholeFile), so that the floor pays no
 * more for reading than the analysis does.
 */
async function readBytes(path: string): Promise<Buffer> {
  const bytes = await readWholeFile(path, statSync(path).size);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return gzip ? gunzipSync(bytes) : bytes;
}

function isJsonText(s: string): boolean {
  const c = s.charCodeAt(0);
  return c === 91 /* [ */ || c === 123 /* { */;
}
