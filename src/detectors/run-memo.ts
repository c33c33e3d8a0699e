/**
 * A memo of work the detectors share (stream lists, line numbering, congestion signals, RTT
 * samples), kept for one run of the detectors: runDetectors releases every one when it ends. Keyed
 * weakly by the session's objects as a WeakMap would be, but a WeakMap keyed by them kept its values
 * as long as the session, through scoring and the payload, where nothing reads them (9.5 MB of the
 * 200 MB short-series bench dump's 703 connections at the payload's peak).
 */
export class RunMemo<K extends object, V> {
  #map = new WeakMap<K, V>();

  constructor() {
    memos.push(this as RunMemo<object, unknown>);
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  set(key: K, value: V): void {
    this.#map.set(key, value);
  }

  /** Forgets every value. */
  clear(): void {
    this.#map = new WeakMap();
  }
}

const memos: RunMemo<object, unknown>[] = [];

/** Forgets what every RunMemo holds: the end of a run of the detectors. */
export function releaseRunMemos(): void {
  for (const memo of memos) memo.clear();
}
