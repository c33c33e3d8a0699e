import { statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readWholeFile } from '../src/ingest/input.js';

/**
 * The decode floor: the least work any reader of the dump must do. Reads the file, parses its
 * JSON and then every JSON text nested in a string (the `values` series of webrtc-internals, the
 * `data` payloads of rtcstats lines). Files that are not one JSON document (rtcstats and Jitsi
 * dumps) are parsed line by line. Returns the number of nested texts parsed, so that no work can
 * be optimized away.
 */
export async function decodeFloor(path: string): Promise<number> {
  const text = await readText(path);
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
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    for (const line of text.split('\n')) if (line.trim() !== '') visit(JSON.parse(line), undefined);
    return parsed;
  }
  visit(doc, undefined);
  return parsed;
}

/**
 * The dump's text (gzip inflated, detected by its magic bytes as analyzeDump does). Read in one go the
 * way analyzeDump reads a file it does not stream (readWholeFile), so that the floor pays no more
 * for reading than the analysis does.
 */
export async function readText(path: string): Promise<string> {
  const bytes = await readWholeFile(path, statSync(path).size);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (gzip ? gunzipSync(bytes) : bytes).toString('utf8');
}

function isJsonText(s: string): boolean {
  const c = s.charCodeAt(0);
  return c === 91 /* [ */ || c === 123 /* { */;
}
