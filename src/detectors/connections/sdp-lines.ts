import { type SdpSummary, splitLines } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import { RunMemo } from '../run-memo.js';

/** The description each setLocalDescription applied, next to the one createOffer/createAnswer returned. */
export function createdAndApplied(
  descriptions: readonly Description[],
): { created: Description; applied: Description }[] {
  const out: { created: Description; applied: Description }[] = [];
  let created: Description | undefined;
  for (const d of descriptions) {
    if (d.source === 'createOfferOnSuccess' || d.source === 'createAnswerOnSuccess') created = d;
    else if (
      d.source === 'setLocalDescription' &&
      created &&
      (d.type === undefined || d.type === created.type)
    ) {
      out.push({ created, applied: d });
      created = undefined;
    }
  }
  return out;
}

/** Pairs whose applied SDP differs from what the browser created; identical text is the common case. */
export const changedLocalDescriptions = (descriptions: readonly Description[]) =>
  createdAndApplied(descriptions).filter(({ created, applied }) => created.sdp !== applied.sdp);

/**
 * Trimmed, non-empty lines of a description. Memoised by summary (descriptions of equal text share
 * it) for one run of the detectors (run-memo.ts): the munging and duplicate detectors read the same
 * descriptions several times each, and splitting them anew each time made the detectors of the
 * largest fixture a third slower; the lines go when the run ends.
 * Shared arrays: callers must not modify them.
 */
const linesOf = new RunMemo<SdpSummary, readonly string[]>();
export function sdpLines(d: Description): readonly string[] {
  let lines = linesOf.get(d.summary);
  if (!lines) {
    lines = trimmed(splitLines(d.sdp));
    linesOf.set(d.summary, lines);
  }
  return lines;
}

/** `lines` trimmed, without empty ones: the same array when no line changes (the usual case). */
function trimmed(lines: readonly string[]): readonly string[] {
  for (let i = 0; i < lines.length; i++) {
    // A line that starts and ends with a printable ASCII character has nothing to trim: checked
    // without calling trim() on each of the thousands of lines of a long call.
    const line = lines[i]!;
    if (line.length > 0 && printable(line.charCodeAt(0)) && printable(line.charCodeAt(line.length - 1)))
      continue;
    const t = line.trim();
    if (t === lines[i] && t.length > 0) continue;
    const out = lines.slice(0, i);
    for (let j = i; j < lines.length; j++) {
      const u = lines[j]!.trim();
      if (u.length > 0) out.push(u);
    }
    return out;
  }
  return lines;
}

/** Not whitespace nor a line terminator, as trim() reads them (those are all controls, spaces or above 127). */
const printable = (code: number): boolean => code > 32 && code < 127;

/** `line.startsWith('m=')`, without the call: it runs on every line of every description. */
export const isMLine = (line: string): boolean => line.charCodeAt(0) === 109 && line.charCodeAt(1) === 61;

/** An m= line with its payload types sorted: reordering payloads (codec preference) leaves it equal. */
export const unorderedMLine = (line: string): string => {
  if (!isMLine(line)) return line;
  const parts = line.split(' ');
  // Joined in two parts rather than spread into one array: spreading an m= line of 640 000
  // payload types took 10 times as long as one of 160 000 (bench:hostile).
  if (parts.length <= 4) return line;
  return `${parts.slice(0, 3).join(' ')} ${parts.slice(3).sort().join(' ')}`;
};

const payloadsOf = (mLine: string): string[] => mLine.split(' ').slice(3);

/** Whether `after` drops an m= section or a payload type (a codec) that `before` offered. */
export function mediaRemoved(before: readonly string[], after: readonly string[]): boolean {
  const mBefore = before.filter(isMLine);
  const mAfter = after.filter(isMLine);
  return mBefore.some((m, i) => {
    const kept = mAfter[i];
    if (kept === undefined) return true;
    // The same m= line: nothing removed, and nothing to split (most edits leave them as they were).
    if (kept === m) return false;
    const keptPayloads = new Set(payloadsOf(kept));
    return payloadsOf(m).some((pt) => !keptPayloads.has(pt));
  });
}
