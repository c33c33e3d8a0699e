/**
 * The filter bits on session rows (tag-mask.ts, flag-mask.ts) set again from the fact tables: the
 * backfills of migrations 002 and 005, and the repair `callscope migrate` runs every time for
 * sessions that a node still on the previous version stored during a rolling upgrade.
 */
import { type Kysely, sql } from 'kysely';
import { FLAG_BITS, FLAG_COLUMNS } from './flag-mask.js';
import { TAG_BITS } from './tag-mask.js';

/**
 * Sets `obs_tag_mask` from session_tags where it is 0 although tags exist (a node on the previous
 * version knows no mask, so the default 0 went in). Returns the number of sessions fixed.
 */
export async function repairTagMasks(db: Kysely<unknown>): Promise<number> {
  const bits = Object.entries(TAG_BITS)
    .map(([tag, bit]) => sql`when ${sql.lit(tag)} then ${sql.lit(bit)}`)
    .reduce((a, b) => sql`${a} ${b}`);
  // (session_id, value) is the primary key of session_tags: a sum of distinct bits is their OR.
  const result =
    await sql`update sessions set obs_tag_mask = coalesce((select sum(case value ${bits} else 0 end)
      from session_tags where session_tags.session_id = sessions.id), 0)
    where obs_tag_mask = 0 and exists (select 1 from session_tags where session_tags.session_id = sessions.id)`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Sets the flag columns from session_flags where they are all 0 although flags with a bit exist,
 * as repairTagMasks does for tags. Returns the number of sessions fixed.
 */
export async function repairFlagMasks(db: Kysely<unknown>): Promise<number> {
  const known = [...FLAG_BITS.keys()].map((t) => sql.lit(t));
  const columns = FLAG_COLUMNS.map((column, i) => {
    const cases = [...FLAG_BITS].flatMap(([type, at]) =>
      at.column === i ? [sql`when ${sql.lit(type)} then ${sql.lit(at.bit)}`] : [],
    );
    // (session_id, value) is the primary key of session_flags: a sum of distinct bits is their OR.
    const value =
      cases.length === 0
        ? sql`0`
        : sql`coalesce((select sum(case value ${sql.join(cases, sql` `)} else 0 end)
          from session_flags where session_flags.session_id = sessions.id), 0)`;
    return sql`${sql.id(column)} = ${value}`;
  });
  const none = sql.join(
    FLAG_COLUMNS.map((c) => sql`${sql.id(c)} = 0`),
    sql` and `,
  );
  const result = await sql`update sessions set ${sql.join(columns)}
    where ${none} and exists (select 1 from session_flags
      where session_flags.session_id = sessions.id and session_flags.value in (${sql.join(known)}))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
