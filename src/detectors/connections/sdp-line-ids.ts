import type { Description } from '../../computed/signaling.js';
import { isMLine, sdpLines, unorderedMLine } from './sdp-lines.js';
import { StampedScratch } from './stamped-scratch.js';

/**
 * The lines of one side's descriptions of a connection, numbered: equal lines, equal numbers. The
 * duplicate and munging detectors compare lines within and across descriptions; hashing each line
 * into a set or map per check was most of what they cost. Numbered once, lines compare as integers.
 *
 * A description mostly repeats the lines of the previous one of its source (the next offer is the
 * last one with a new version), in the same order: walking both, a line equal to the next one
 * there takes its number without being hashed (three in four lines of a long recorded call).
 */
export class LineIds {
  readonly #ids = new Map<string, number>();
  readonly #of = new WeakMap<Description, Int32Array>();
  readonly #unordered = new WeakMap<Description, Int32Array>();
  /** The number of each m= line's payload-sorted form, by the line's own number. */
  readonly #sorted = new Map<number, number>();
  readonly #lastOf = new Map<string, Description>();
  #last: Description | undefined;

  /** How many distinct lines were numbered: every number is below it. */
  get size(): number {
    return this.#ids.size;
  }

  /** The number of each line of `d` (sdpLines(d)). Shared arrays: callers must not modify them. */
  of(d: Description): Int32Array {
    let ids = this.#of.get(d);
    if (ids) return ids;
    const lines = sdpLines(d);
    ids = new Int32Array(lines.length);
    const prev = this.#lastOf.get(d.source) ?? this.#last;
    const prevLines = prev ? sdpLines(prev) : [];
    const prevIds = prev ? this.#of.get(prev)! : ids;
    // Where each number stands in the previous description: after a line inserted or moved, the
    // walk goes on from where that line stood there.
    const at = scratch.next(this.#ids.size);
    const { marks, values: positions } = scratch;
    for (let k = 0; k < prevIds.length && prev; k++) {
      marks[prevIds[k]!] = at;
      positions[prevIds[k]!] = k;
    }
    let j = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === prevLines[j]) {
        ids[i] = prevIds[j++]!;
        continue;
      }
      const id = this.#id(line);
      ids[i] = id;
      if (id < marks.length && marks[id] === at) j = positions[id]! + 1;
    }
    this.#of.set(d, ids);
    this.#lastOf.set(d.source, d);
    this.#last = d;
    return ids;
  }

  /** The numbers of the lines of `d` with each m= line's payload types sorted (unorderedMLine). */
  unorderedOf(d: Description): Int32Array {
    let ids = this.#unordered.get(d);
    if (ids) return ids;
    const exact = this.of(d);
    const lines = sdpLines(d);
    ids = exact;
    for (let i = 0; i < lines.length; i++) {
      if (!isMLine(lines[i]!)) continue;
      // Sorted once per distinct m= line: the same ones come back in every description.
      let u = this.#sorted.get(exact[i]!);
      if (u === undefined) {
        u = this.#id(unorderedMLine(lines[i]!));
        this.#sorted.set(exact[i]!, u);
      }
      if (u === exact[i]) continue;
      if (ids === exact) ids = exact.slice();
      ids[i] = u;
    }
    this.#unordered.set(d, ids);
    return ids;
  }

  #id(line: string): number {
    let id = this.#ids.get(line);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(line, id);
    }
    return id;
  }
}

/** Memoised per description list (one side of a connection): the detectors share the numbering. */
const idsOf = new WeakMap<readonly Description[], LineIds>();
export function lineIds(descriptions: readonly Description[]): LineIds {
  let ids = idsOf.get(descriptions);
  if (!ids) {
    ids = new LineIds();
    idsOf.set(descriptions, ids);
  }
  return ids;
}

/** Where each number stands in the previous description (LineIds.of), and duplicate marks. */
const scratch = new StampedScratch();

/**
 * Lines present more than once within the same section (session part or one m= section), each
 * once, in the order they were first duplicated.
 */
export function duplicatedLines(d: Description, ids: LineIds = new LineIds()): string[] {
  const lines = sdpLines(d);
  const numbers = ids.of(d);
  let section = scratch.next(ids.size);
  // The same size on every call below: the arrays stay these.
  const marks = scratch.marks;
  // Duplicates are rare: the set of those reported is made for the first.
  let dupes: Set<number> | undefined;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (isMLine(lines[i]!)) section = scratch.next(ids.size);
    const id = numbers[i]!;
    if (marks[id] !== section) {
      marks[id] = section;
      continue;
    }
    dupes ??= new Set();
    if (dupes.has(id)) continue;
    dupes.add(id);
    out.push(lines[i]!);
  }
  return out;
}
