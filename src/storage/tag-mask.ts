import type { Tag } from '../model/payload/observation.js';

/**
 * One bit per observation tag, stored in `sessions.obs_tag_mask` so that the observationTags filter
 * is a bit test on the row (and on compact indexes) instead of a join with session_tags: counting
 * matches among a million sessions then reads a few MB of index, not the join of two big tables.
 * Stored data depends on these values: never change a bit, only give a new tag the next free one
 * (a Record over Tag makes the compiler ask for it).
 */
export const TAG_BITS: Readonly<Record<Tag, number>> = {
  connectivity: 1 << 0,
  security: 1 << 1,
  audio: 1 << 2,
  video: 1 << 3,
  datachannel: 1 << 4,
  outbound: 1 << 5,
  inbound: 1 << 6,
  peripheral: 1 << 7,
  behavior: 1 << 8,
  network: 1 << 9,
  configuration: 1 << 10,
  cpu: 1 << 11,
  bug: 1 << 12,
};

/** The mask of `tags`; values that are not tags add nothing (a filter on them matches no session). */
export function tagMask(tags: readonly string[]): number {
  let mask = 0;
  for (const t of tags) if (Object.hasOwn(TAG_BITS, t)) mask |= TAG_BITS[t as Tag];
  return mask;
}
