import { isAscii } from 'node:buffer';

/**
 * V8 keeps strings longer than this outside its regular pages (kMaxRegularHeapObjectSize, 128
 * KiB): each gets pages of its own, mapped when the string is made and unmapped when it is
 * collected, so every such string is written to fresh memory.
 */
const LARGE_STRING_BYTES = 128 * 1024;
/**
 * Node makes one-byte strings longer than this outside V8's heap (EXTERN_APEX in string_bytes.cc):
 * a copy into memory the process allocates like any buffer's, and reuses.
 */
const EXTERNAL_STRING_BYTES = 0xfbee9;

/**
 * The text of a JSON document read whole, for JSON.parse. The plain decoding (toString('utf8'))
 * makes a large string in fresh pages, and on this project's 2-core VMs that cost more than parsing
 * it: 4.5 ms a MB against about 1 for JSON.parse (0.33 MB webrtc-internals export: decoding 1.1 ms,
 * JSON.parse 0.36 ms). A document of ASCII only (what Chrome writes, bar a non-ASCII label) reads
 * the same as Latin-1, which Node makes an external string past EXTERNAL_STRING_BYTES: one below
 * that size is padded to it with spaces, which JSON.parse skips. Decoding and parsing together:
 * 1.4 against 0.65 ms for that export, 14.5 against 4.0 ms for a 3 MB dump (bench, medians).
 *
 * Positions in JSON.parse's errors then count the padding: callers re-read a document that fails
 * with plainText for their message.
 */
export function documentText(bytes: Buffer): string {
  if (bytes.length <= LARGE_STRING_BYTES || !isAscii(bytes)) return plainText(bytes);
  if (bytes.length > EXTERNAL_STRING_BYTES) return bytes.toString('latin1');
  const padded = Buffer.allocUnsafe(EXTERNAL_STRING_BYTES + 1);
  bytes.copy(padded);
  padded.fill(0x20, bytes.length);
  return padded.toString('latin1');
}

/** The document's text as UTF-8, without a byte order mark. */
export function plainText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}
