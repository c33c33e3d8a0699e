import { isAscii } from 'node:buffer';

/**
 * Node makes one-byte strings longer than this outside V8's heap (EXTERN_APEX in string_bytes.cc):
 * one copy into memory allocated like any buffer's, instead of a UTF-8 decoding into a large V8
 * string.
 */
const EXTERNAL_STRING_BYTES = 0xfbee9;

/**
 * The text of a JSON document read whole, for JSON.parse. A document of ASCII only (what Chrome
 * writes, bar a non-ASCII label) reads the same as Latin-1, and past EXTERNAL_STRING_BYTES that
 * text is made a quarter faster than the UTF-8 one: decoding and parsing a 1.3 MB export took 1.66
 * against 2.16 ms, a 3.9 MB one 5.1 against 6.5 ms (medians of 200, quiet 2-core VM). Smaller
 * documents decode as UTF-8. A Latin-1 text of an ASCII document has the same positions as its
 * bytes, so JSON.parse's errors point into the file either way.
 *
 * Padding smaller documents to that size was tried: on a loaded VM, where a large V8 string's
 * fresh pages cost 4.5 ms a MB, it halved a 0.33 MB export's decode + parse (1.4 to 0.65 ms); on
 * a quiet one it made it 60 % slower (0.49 to 0.78 ms), so it was taken out.
 */
export function documentText(bytes: Buffer): string {
  if (bytes.length > EXTERNAL_STRING_BYTES && isAscii(bytes)) return bytes.toString('latin1');
  return plainText(bytes);
}

/** The document's text as UTF-8, without a byte order mark. */
export function plainText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}
