import type { Description } from '../../computed/signaling.js';
import { RunMemo } from '../run-memo.js';
import { type LineIds, lineIds } from './sdp-line-ids.js';
import { changedLocalDescriptions, sdpLines } from './sdp-lines.js';
import { StampedScratch } from './stamped-scratch.js';

/** What the application changed between a created description and the one it applied. */
export interface LocalEdit {
  created: Description;
  applied: Description;
  /** Lines of the created SDP not in the applied one, and the reverse (one for one, m= payload order ignored). */
  removed: string[];
  added: string[];
  /** Numbers (LineIds) of the lines kept on each side, in their order (m= payload types sorted); joined when first read. */
  readonly keptBefore: readonly number[];
  readonly keptAfter: readonly number[];
  /** The numbering of the connection's local lines. */
  ids: LineIds;
}

/**
 * The changed local descriptions of a connection with their line differences, computed once for
 * both munging detectors (memoised per description list): matching the lines of two SDPs is most
 * of what those detectors cost.
 */
const editsOf = new RunMemo<readonly Description[], LocalEdit[]>();
export function localEdits(descriptions: readonly Description[]): LocalEdit[] {
  let edits = editsOf.get(descriptions);
  if (!edits) {
    const ids = lineIds(descriptions);
    const last: Previous = {};
    edits = changedLocalDescriptions(descriptions).map(({ created, applied }) =>
      lineDifference(created, applied, ids, last),
    );
    editsOf.set(descriptions, edits);
  }
  return edits;
}

/**
 * The lines of `created` not in `applied` and the reverse, one for one, with the kept lines of
 * each side in order. An edit usually touches a few lines of a long SDP: the common head and tail
 * are kept without being counted (a line at the same place on both sides is kept by a match in
 * order too), and only the lines between them are matched, by their numbers (payload-sorted), the
 * count of each on each side held in scratch arrays indexed by number. The kept lists, which only
 * the reordering detector reads, are joined when it does.
 */
function lineDifference(created: Description, applied: Description, ids: LineIds, last: Previous): LocalEdit {
  // Head and tail as written (exact numbers), the middle payload-sorted.
  const x = ids.of(created);
  const y = ids.of(applied);
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail++;
  const before = ids.unorderedOf(created);
  const after = ids.unorderedOf(applied);
  const b = { from: head, to: before.length - tail };
  const a = { from: head, to: after.length - tail };
  // An app that edits every answer alike (a call's renegotiations) leaves the same middle lines,
  // as written, pair after pair: the previous pair's split is this one's.
  const midBefore = x.subarray(b.from, b.to);
  const midAfter = y.subarray(a.from, a.to);
  const sides =
    last.sides && equal(last.midBefore!, midBefore) && equal(last.midAfter!, midAfter)
      ? last.sides
      : matched(created, applied, before, after, b, a, ids.size);
  Object.assign(last, { midBefore, midAfter, sides });
  const left = { left: [...sides.left.left], kept: sides.left.kept };
  const right = { left: [...sides.right.left], kept: sides.right.kept };
  let keptBefore: number[] | undefined;
  let keptAfter: number[] | undefined;
  const common = (numbers: Int32Array, from: number, to: number) => Array.from(numbers.subarray(from, to));
  return {
    created,
    applied,
    ids,
    removed: left.left,
    added: right.left,
    get keptBefore() {
      keptBefore ??= [...common(before, 0, head), ...left.kept, ...common(before, b.to, before.length)];
      return keptBefore;
    },
    get keptAfter() {
      keptAfter ??= [...common(after, 0, head), ...right.kept, ...common(after, a.to, after.length)];
      return keptAfter;
    },
  };
}

type Side = { left: string[]; kept: number[] };
type Range = { from: number; to: number };

/** The previous pair of a connection: its middle lines as written, and how they matched. */
interface Previous {
  midBefore?: Int32Array;
  midAfter?: Int32Array;
  sides?: { left: Side; right: Side };
}

const equal = (p: Int32Array, q: Int32Array): boolean => {
  if (p.length !== q.length) return false;
  for (let i = 0; i < p.length; i++) if (p[i] !== q[i]) return false;
  return true;
};

/** The middle parts matched, counting each payload-sorted number on each side in scratch arrays. */
function matched(
  created: Description,
  applied: Description,
  before: Int32Array,
  after: Int32Array,
  b: Range,
  a: Range,
  size: number,
): { left: Side; right: Side } {
  if (countBefore.length < size) countBefore = new Int32Array(Math.max(size, 2 * countBefore.length));
  if (countAfter.length < size) countAfter = new Int32Array(Math.max(size, 2 * countAfter.length));
  for (let i = b.from; i < b.to; i++) countBefore[before[i]!]!++;
  for (let i = a.from; i < a.to; i++) countAfter[after[i]!]!++;
  // Taking lines out of `before` counts down `after` and the reverse: each side reads the other's
  // count as it was.
  const left = split(sdpLines(created), before, b.from, b.to, countAfter);
  const right = split(sdpLines(applied), after, a.from, a.to, countBefore);
  // Both counts back to zero for the next edit.
  for (let i = b.from; i < b.to; i++) countBefore[before[i]!] = 0;
  for (let i = a.from; i < a.to; i++) countAfter[after[i]!] = 0;
  return { left, right };
}

/** How often each line number stands in the middle part of each side (zero between edits). */
let countBefore = new Int32Array(256);
let countAfter = new Int32Array(256);

/**
 * Takes out of the lines of `lines` from `from` to `to` (`unordered`: their payload-sorted
 * numbers), one for one and in order, those the other side has too (`other` of them): what is left
 * (as written) and the numbers of what was kept.
 */
function split(
  lines: readonly string[],
  unordered: Int32Array,
  from: number,
  to: number,
  other: Int32Array,
): { left: string[]; kept: number[] } {
  const left: string[] = [];
  const kept: number[] = [];
  for (let i = from; i < to; i++) {
    const u = unordered[i]!;
    if (other[u]! > 0) {
      other[u]!--;
      kept.push(u);
    } else left.push(lines[i]!);
  }
  return { left, kept };
}

/**
 * Lines kept from `before` to `after` that changed place: the fewest lines one has to move (kept
 * lines minus their longest common subsequence), plus m= lines whose payload types were reordered.
 */
export function reorderedLines(edit: LocalEdit): number {
  const x = edit.keptBefore;
  const moved = x.length - commonSubsequence(x, edit.keptAfter, edit.ids.size);
  // Sets, not `includes` per m= line: quadratic in descriptions of thousands of sections. Only
  // m= lines can equal an m= line, as written or payload-sorted.
  const { ids } = edit;
  const before = new Set<number>();
  const unorderedBefore = new Set<number>();
  const exactBefore = ids.of(edit.created);
  const sortedBefore = ids.unorderedOf(edit.created);
  for (let i = 0; i < exactBefore.length; i++) {
    if (!ids.isMLine(exactBefore[i]!)) continue;
    before.add(exactBefore[i]!);
    unorderedBefore.add(sortedBefore[i]!);
  }
  const exactAfter = ids.of(edit.applied);
  const sortedAfter = ids.unorderedOf(edit.applied);
  let payloadOrder = 0;
  for (let i = 0; i < exactAfter.length; i++) {
    if (ids.isMLine(exactAfter[i]!) && !before.has(exactAfter[i]!) && unorderedBefore.has(sortedAfter[i]!))
      payloadOrder++;
  }
  return moved + payloadOrder;
}

/**
 * Length of the longest common subsequence. A common prefix and suffix always belong to one, so
 * they are counted off first. The two sides hold the same lines (the kept ones) in another order,
 * so the rest is the longest increasing run of positions (Hunt-Szymanski): for each line of `y`,
 * its positions in `x` from last to first, of which a strictly increasing subsequence uses at
 * most one. O(n log n) instead of a quadratic table over the whole SDP.
 */
function commonSubsequence(x: readonly number[], y: readonly number[], size: number): number {
  let lo = 0;
  while (lo < x.length && lo < y.length && x[lo] === y[lo]) lo++;
  let hx = x.length;
  let hy = y.length;
  while (hx > lo && hy > lo && x[hx - 1] === y[hy - 1]) {
    hx--;
    hy--;
  }
  // The positions of each line in x as a list from last to first: last[id] the last one, before[]
  // the one before each (-1: none), in scratch arrays indexed by line number.
  const current = scratch.next(size);
  const { marks: lastStamp, values: last } = scratch;
  const before = new Int32Array(Math.max(0, hx - lo));
  for (let i = lo; i < hx; i++) {
    const id = x[i]!;
    before[i - lo] = lastStamp[id] === current ? last[id]! : -1;
    last[id] = i;
    lastStamp[id] = current;
  }
  // tails[k]: the smallest last position of an increasing run of length k + 1.
  const tails: number[] = [];
  for (let j = lo; j < hy; j++) {
    const id = y[j]!;
    if (lastStamp[id] !== current) continue;
    for (let p = last[id]!; p !== -1; p = before[p - lo]!) {
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

/** Scratch for commonSubsequence: last[id] valid where lastStamp[id] holds the current stamp. */
const scratch = new StampedScratch();
