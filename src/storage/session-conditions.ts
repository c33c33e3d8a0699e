import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { FLAG_COLUMNS, flagMasks } from './flag-mask.js';
import type { SessionFilters } from './records.js';
import type { Database } from './schema.js';
import { tagMask } from './tag-mask.js';

/**
 * The WHERE clause of a sessions list: the account, then every filter of the specification, each
 * written so that an index answers it (see migrations 001, 002 and 005).
 */
export function sessionConditions(
  eb: ExpressionBuilder<Database, 'sessions'>,
  accountId: string,
  f: SessionFilters,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('account_id', '=', accountId)];
  if (f.name?.length) all.push(contains(eb, sql.ref('title'), f.name));
  // Like the title, a scan of the account's rows: no index answers a substring.
  if (f.fileName?.length) all.push(contains(eb, sql.ref('file_name'), f.fileName));
  // Any of the tags: one bit test on the row (see tag-mask.ts).
  if (f.observationTags?.length) all.push(sql<SqlBool>`(obs_tag_mask & ${tagMask(f.observationTags)}) <> 0`);
  if (f.observationFlags?.length) all.push(anyFlag(eb, f.observationFlags));
  const equal = [
    ['os', f.os],
    ['browser', f.browser],
    ['browser_version', f.browserVersion],
    ['user_id', f.userId],
    ['conference_id', f.conferenceId],
    ['session_ref', f.sessionId],
  ] as const;
  for (const [column, value] of equal) if (value !== undefined) all.push(eb(column, '=', value));
  if (f.connectivity !== undefined) all.push(eb('connectivity', '=', f.connectivity));
  // The call start range the insights count by (sessions_account_call_start answers it).
  if (f.from !== undefined) all.push(eb('call_start', '>=', f.from));
  if (f.to !== undefined) all.push(eb('call_start', '<', f.to));
  const severity = [
    ['obs_critical', f.hasCritical],
    ['obs_high', f.hasHigh],
    ['obs_medium', f.hasMedium],
  ] as const;
  // A literal 0, not a parameter: the partial indexes `where obs_x > 0` (migration 002) are only
  // used when the planner can see the query's condition implies theirs.
  for (const [column, value] of severity)
    if (value !== undefined) all.push(eb(column, value ? '>' : '=', sql.lit(0)));
  const bands = [
    ['low', f.hasLowScore],
    ['medium', f.hasMediumScore],
    ['high', f.hasHighScore],
  ] as const;
  for (const [band, value] of bands)
    if (value !== undefined) all.push(eb('score_band', value ? '=' : '!=', band));
  return eb.and(all);
}

/**
 * Any of the observation types: bit tests on the row (see flag-mask.ts). A type this version has
 * no bit for (one a newer version stored) is looked up in session_flags: EXISTS probes the
 * (session_id, value) primary key per candidate row, and a newest-first page stops after `limit`.
 */
function anyFlag(eb: ExpressionBuilder<Database, 'sessions'>, types: readonly string[]): Expression<SqlBool> {
  const { masks, unknown } = flagMasks(types);
  const any: Expression<SqlBool>[] = [];
  FLAG_COLUMNS.forEach((column, i) => {
    if (masks[i]) any.push(sql<SqlBool>`(${sql.ref(column)} & ${masks[i]}) <> 0`);
  });
  if (unknown.length > 0)
    any.push(
      eb.exists(
        eb
          .selectFrom('session_flags')
          .select(sql`1`.as('one'))
          .whereRef('session_flags.session_id', '=', 'sessions.id')
          .where('session_flags.value', 'in', unknown),
      ),
    );
  return any.length === 1 ? any[0]! : eb.or(any);
}

/** The column contains ANY of the texts, case-insensitively. */
function contains(
  eb: ExpressionBuilder<Database, 'sessions'>,
  column: Expression<unknown>,
  texts: readonly string[],
): Expression<SqlBool> {
  return eb.or(
    texts.map((n) => sql<SqlBool>`lower(${column}) like ${`%${escapeLike(n.toLowerCase())}%`} escape '\\'`),
  );
}

/** LIKE wildcards in user text match literally (SQLite and PostgreSQL both take `\` with ESCAPE). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
