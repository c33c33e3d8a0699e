import { unreadable, unsupported } from './errors.js';

export type ReaderKind = 'json-document' | 'rtcstats-v3' | 'rtcstats-legacy' | 'jitsi-rtcstats';

/**
 * Decides which reader fits, from the first bytes only (never the file name). Refuses, with a
 * message naming what it saw, anything that is not a browser-side WebRTC dump.
 */
export function detectReader(head: Buffer): ReaderKind {
  if (head.length === 0) throw unreadable('The file is empty.');
  if (looksBinary(head)) throw unreadable('This is binary data, not a text WebRTC dump (or a gzip of one).');
  let text = headText(head);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const trimmed = text.trimStart();
  if (trimmed === '') throw unreadable('The file contains only whitespace.');
  if (trimmed.startsWith('RTCStatsDump')) return 'rtcstats-v3';
  const nl = trimmed.indexOf('\n');
  const firstLine = (nl === -1 ? trimmed : trimmed.slice(0, nl)).trim();
  const complete = nl !== -1;
  if (trimmed.startsWith('{')) {
    if (firstLine === '{' || !complete) return 'json-document';
    const first = parseLine(firstLine);
    if (first && typeof first === 'object' && !Array.isArray(first)) {
      const o = first as Record<string, unknown>;
      if ('statsSessionId' in o) {
        throw unsupported(
          'This is a server-side rtcstats sample (jitsi JVB/Jicofo/Jigasi statistics), not a browser dump: callscope analyzes what a browser recorded.',
          'jitsi server-side stats',
        );
      }
      const rest = trimmed.slice(nl + 1).trimStart();
      if (rest.startsWith('[') && ('fileFormat' in o || 'userAgent' in o || 'path' in o || 'url' in o)) {
        return 'rtcstats-legacy';
      }
    }
    return 'json-document';
  }
  if (trimmed.startsWith('[')) {
    if (firstLine === '[') throw unreadable('This JSON document is an array, not a WebRTC dump.');
    const first = parseLine(firstLine);
    if (complete && Array.isArray(first) && typeof first[0] === 'string') return 'jitsi-rtcstats';
    if (!complete && /^\[\s*"/.test(firstLine)) return 'jitsi-rtcstats';
    throw unreadable(
      'This is JSON, but not a WebRTC dump: it starts with an array that is not an rtcstats record.',
    );
  }
  const preview = JSON.stringify(trimmed.slice(0, 24));
  throw unreadable(`This is not a WebRTC dump: the file starts with ${preview}.`);
}

/**
 * Detection never looks further than the first line and the first character of the next: prefixes
 * of the head tried in turn, the short one enough for most dumps (their first line is a few
 * hundred bytes).
 */
const DETECT_PREFIXES = [4 * 1024, 64 * 1024];

/**
 * The head as text. The head is a whole first chunk (up to 1 MiB), and decoding all of it costs
 * more than reading a small dump: a prefix is enough when it holds everything detection looks at,
 * well before its end (where a character cut in two would read differently).
 */
function headText(head: Buffer): string {
  for (const prefix of DETECT_PREFIXES) {
    if (head.length <= prefix) break;
    const text = head.toString('utf8', 0, prefix);
    const trimmed = text.trimStart();
    const nl = trimmed.indexOf('\n');
    if (nl !== -1) {
      const nextLine = trimmed.slice(nl + 1).trimStart();
      if (nextLine.length > 8) return text;
    }
  }
  return head.toString('utf8');
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** NUL bytes or a high share of control characters in the first bytes mean binary data. */
function looksBinary(head: Buffer): boolean {
  const n = Math.min(head.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = head[i]!;
    if (c === 0) return true;
    if (c < 9 || (c > 13 && c < 32)) control++;
  }
  return control > n / 20;
}
