import type { Description } from '../../computed/signaling.js';
import { changedLocalDescriptions, isMLine, sdpLines, unorderedMLine } from './sdp-lines.js';

/** What the application changed between a created description and the one it applied. */
export interface LocalEdit {
  created: Description;
  applied: Description;
  /** Lines of the created SDP not in the applied one, and the reverse (one for one, m= payload order ignored). */
  removed: string[];
  added: string[];
  /** Lines kept on each side, in their order (m= payload types sorted); joined when first read. */
  readonly keptBefore: string[];
  readonly keptAfter: string[];
}

/**
 * The changed local descriptions of a connection with their line differences, computed once for
 * both munging detectors (memoised per description list): matching the lines of two SDPs is most
 * of what those detectors cost.
 */
const editsOf = new WeakMap<readonly Description[], LocalEdit[]>();
export function localEdits(descriptions: readonly Description[]): LocalEdit[] {
  let edits = editsOf.get(descriptions);
  if (!edits) {
    edits = changedLocalDescriptions(descriptions).map(({ created, applied }) =>
      lineDifference(created, applied, sdpLines(created), sdpLines(applied)),
    );
    editsOf.set(descriptions, edits);
  }
  return edits;
}

/** How often a (payload-sorted) line stands in the middle part of each side, counted down as lines are kept. */
interface Occurrences {
  before: number;
  after: number;
}

/**
 * The lines of `before` not in `after` and the reverse, one for one, with the kept lines of each
 * side in order. An edit usually touches a few lines of a long SDP: the common head and tail are
 * kept without being looked up (a line at the same place on both sides is kept by a match in order
 * too), and only the lines between them are matched, against one table of how often each line
 * stands on each side (one lookup per line and side; the kept lists, which only the reordering
 * detector reads, are joined when it does).
 */
function lineDifference(
  created: Description,
  applied: Description,
  before: readonly string[],
  after: readonly string[],
): LocalEdit {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const midBefore = before.slice(head, before.length - tail).map(unorderedMLine);
  const midAfter = after.slice(head, after.length - tail).map(unorderedMLine);
  const { b, a } = countedSplit(before, after, head, midBefore, midAfter);
  const common = (lines: readonly string[], from: number, to: number) =>
    lines.slice(from, to).map(unorderedMLine);
  let keptBefore: string[] | undefined;
  let keptAfter: string[] | undefined;
  return {
    created,
    applied,
    removed: b.left,
    added: a.left,
    get keptBefore() {
      keptBefore ??= [
        ...common(before, 0, head),
        ...b.kept,
        ...common(before, before.length - tail, before.length),
      ];
      return keptBefore;
    },
    get keptAfter() {
      keptAfter ??= [
        ...common(after, 0, head),
        ...a.kept,
        ...common(after, after.length - tail, after.length),
      ];
      return keptAfter;
    },
  };
}

type Sides = { b: { left: string[]; kept: string[] }; a: { left: string[]; kept: string[] } };

/** The middle parts matched against one table of how often each line stands on each side. */
function countedSplit(
  before: readonly string[],
  after: readonly string[],
  head: number,
  midBefore: readonly string[],
  midAfter: readonly string[],
): Sides {
  const seen = new Map<string, Occurrences>();
  for (const u of midBefore) {
    const o = seen.get(u);
    if (o) o.before++;
    else seen.set(u, { before: 1, after: 0 });
  }
  for (const u of midAfter) {
    const o = seen.get(u);
    if (o) o.after++;
    else seen.set(u, { before: 0, after: 1 });
  }
  // Taking lines out of `before` counts down `after` and the reverse: each side reads the other's
  // count as it was.
  return {
    b: split(before, head, midBefore, seen, 'after'),
    a: split(after, head, midAfter, seen, 'before'),
  };
}

/**
 * Takes out of the lines of `lines` from `offset` (`unordered`: their m= payload-sorted forms),
 * one for one and in order, those the other side has too (`seen[other]` of them): what is left (as
 * written) and what was kept (payload-sorted).
 */
function split(
  lines: readonly string[],
  offset: number,
  unordered: readonly string[],
  seen: Map<string, Occurrences>,
  other: keyof Occurrences,
): { left: string[]; kept: string[] } {
  const left: string[] = [];
  const kept: string[] = [];
  for (let i = 0; i < unordered.length; i++) {
    const u = unordered[i]!;
    const o = seen.get(u)!;
    if (o[other] > 0) {
      o[other]--;
      kept.push(u);
    } else left.push(lines[offset + i]!);
  }
  return { left, kept };
}

/**
 * Lines kept from `before` to `after` that changed place: the fewest lines one has to move (kept
 * lines minus their longest common subsequence), plus m= lines whose payload types were reordered.
 */
export function reorderedLines(edit: LocalEdit): number {
  const x = edit.keptBefore;
  const moved = x.length - commonSubsequence(x, edit.keptAfter);
  // Sets, not `includes` per m= line: quadratic in descriptions of thousands of sections. Only
  // m= lines can equal an m= line, as written or payload-sorted.
  const mBefore = sdpLines(edit.created).filter(isMLine);
  const before = new Set(mBefore);
  const unorderedBefore = new Set(mBefore.map(unorderedMLine));
  const payloadOrder = sdpLines(edit.applied).filter(
    (l) => isMLine(l) && !before.has(l) && unorderedBefore.has(unorderedMLine(l)),
  ).length;
  return moved + payloadOrder;
}

/**
 * Length of the longest common subsequence. A common prefix and suffix always belong to one, so
 * they are counted off first. The two sides hold the same lines (the kept ones) in another order,
 * so the rest is the longest increasing run of positions (Hunt-Szymanski): for each line of `y`,
 * its positions in `x` from last to first, of which a strictly increasing subsequence uses at
 * most one. O(n log n) instead of a quadratic table over the whole SDP.
 */
function commonSubsequence(x: readonly string[], y: readonly string[]): number {
  let lo = 0;
  while (lo < x.length && lo < y.length && x[lo] === y[lo]) lo++;
  let hx = x.length;
  let hy = y.length;
  while (hx > lo && hy > lo && x[hx - 1] === y[hy - 1]) {
    hx--;
    hy--;
  }
  const positions = new Map<string, number[]>();
  for (let i = lo; i < hx; i++) {
    const at = positions.get(x[i]!);
    if (at) at.push(i);
    else positions.set(x[i]!, [i]);
  }
  // tails[k]: the smallest last position of an increasing run of length k + 1.
  const tails: number[] = [];
  for (let j = lo; j < hy; j++) {
    const at = positions.get(y[j]!);
    if (!at) continue;
    for (let k = at.length - 1; k >= 0; k--) {
      const p = at[k]!;
      let a = 0;
      let b = tails.length;
      while (a < b) {
        const m = (a + b) >> 1;
        if (tails[m]! < p) a = m + 1;
        else b = m;
      }
      tails[a] = p;
    }
  }
  return lo + (x.length - hx) + tails.length;
}
