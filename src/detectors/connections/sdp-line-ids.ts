import type { SdpSummary } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import { RunMemo } from '../run-memo.js';
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
 *
 * A numbering lasts one run of the detectors (lineIds, run-memo.ts): its table of every line
 * would otherwise keep the line strings alive for the session's life (10.7 MB of tables and 11 MB
 * of line strings for the 703 connections of a 200 MB dump).
 */
export class LineIds {
  /** Every line numbered, by its text. */
  readonly #ids = new Map<string, number>();
  #size = 0;
  /** 1 at the number of each m= line. */
  #mLine = new Uint8Array(256);
  /**
   * By summary, not by description: descriptions of equal text share their summary (signaling.ts),
   * and so their numbers, numbered once.
   */
  readonly #of = new WeakMap<SdpSummary, Int32Array>();
  readonly #unordered = new WeakMap<SdpSummary, Int32Array>();
  /** The number of each m= line's payload-sorted form, by the line's own number. */
  readonly #sorted = new Map<number, number>();
  /** The last description numbered of each source, and the last one, with their lines. */
  readonly #lastOf = new Map<string, Numbered>();
  #last: Numbered | undefined;

  /** How many distinct lines were numbered: every number is below it. */
  get size(): number {
    return this.#size;
  }

  /** Whether the line numbered `id` is an m= line (a section starts there). */
  isMLine(id: number): boolean {
    return this.#mLine[id] === 1;
  }

  /** The number of each line of `d` (sdpLines(d)). Shared arrays: callers must not modify them. */
  of(d: Description): Int32Array {
    const known = this.#of.get(d.summary);
    if (known) return known;
    const lines = sdpLines(d);
    const ids = new Int32Array(lines.length);
    const prev = this.#lastOf.get(d.source) ?? this.#last;
    const prevLines = prev ? prev.lines : [];
    const prevIds = prev ? prev.ids : ids;
    // Where each number stands in the previous description: after a line inserted or moved, the
    // walk goes on from where that line stood there.
    const at = scratch.next(this.#size);
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
    this.#of.set(d.summary, ids);
    const numbered = { lines, ids };
    this.#lastOf.set(d.source, numbered);
    this.#last = numbered;
    return ids;
  }

  /** The numbers of the lines of `d` with each m= line's payload types sorted (unorderedMLine). */
  unorderedOf(d: Description): Int32Array {
    let ids = this.#unordered.get(d.summary);
    if (ids) return ids;
    const exact = this.of(d);
    ids = exact;
    let lines: readonly string[] | undefined;
    for (let i = 0; i < exact.length; i++) {
      if (!this.isMLine(exact[i]!)) continue;
      // Sorted once per distinct m= line: the same ones come back in every description.
      let u = this.#sorted.get(exact[i]!);
      if (u === undefined) {
        lines ??= sdpLines(d);
        u = this.#id(unorderedMLine(lines[i]!));
        this.#sorted.set(exact[i]!, u);
      }
      if (u === exact[i]) continue;
      if (ids === exact) ids = exact.slice();
      ids[i] = u;
    }
    this.#unordered.set(d.summary, ids);
    return ids;
  }

  #id(line: string): number {
    let id = this.#ids.get(line);
    if (id === undefined) {
      id = this.#size++;
      this.#ids.set(line, id);
      if (id >= this.#mLine.length) {
        const grown = new Uint8Array(2 * this.#mLine.length);
        grown.set(this.#mLine);
        this.#mLine = grown;
      }
      if (isMLine(line)) this.#mLine[id] = 1;
    }
    return id;
  }
}

interface Numbered {
  lines: readonly string[];
  ids: Int32Array;
}

/**
 * Memoised per description list (one side of a connection) for one run of the detectors: they
 * share the numbering, which numbers the descriptions they ask for as they ask.
 */
const idsOf = new RunMemo<readonly Description[], LineIds>();
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
  const numbers = ids.of(d);
  let section = scratch.next(ids.size);
  // The same size on every call below: the arrays stay these.
  const marks = scratch.marks;
  // Duplicates are rare: the set of those reported, and the lines, are made for the first.
  let dupes: Set<number> | undefined;
  let lines: readonly string[] | undefined;
  const out: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const id = numbers[i]!;
    if (ids.isMLine(id)) section = scratch.next(ids.size);
    if (marks[id] !== section) {
      marks[id] = section;
      continue;
    }
    dupes ??= new Set();
    if (dupes.has(id)) continue;
    dupes.add(id);
    lines ??= sdpLines(d);
    out.push(lines[i]!);
  }
  return out;
}
