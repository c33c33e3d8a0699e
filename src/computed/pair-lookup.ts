import type { CandidatePair } from './ice-transport.js';

interface PairMap {
  length: number;
  byId: Map<string, CandidatePair>;
}

const maps = new WeakMap<readonly CandidatePair[], PairMap>();

/**
 * The pair with this id in `pairs` (the first, as `find` would return), through a map built once
 * per list. Views, detectors and the payload look up the pair of every change of the selected
 * pair: searching the list each time was quadratic in a dump that switches among thousands of
 * pairs (20 000 took seconds). A list that has grown since is mapped again.
 */
export function pairById(pairs: readonly CandidatePair[], id: string | undefined): CandidatePair | undefined {
  if (id === undefined) return undefined;
  let map = maps.get(pairs);
  if (!map || map.length !== pairs.length) {
    const byId = new Map<string, CandidatePair>();
    for (const p of pairs) if (!byId.has(p.id)) byId.set(p.id, p);
    map = { length: pairs.length, byId };
    maps.set(pairs, map);
  }
  return map.byId.get(id);
}
