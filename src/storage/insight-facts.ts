/**
 * A session's insight facts: the sessions columns the insights read and write, its observation
 * facts (session_observations), and what the accumulator counts of them. The rollup cells built
 * from them are in insights.ts.
 */
import type { Transaction } from 'kysely';
import type { SessionFacts } from '../insights/accumulator.js';
import type { Metric } from '../insights/metrics.js';
import type { Dialect } from './migration-steps.js';
import type { SessionInsight } from './records.js';
import type { Database, SessionsTable } from './schema.js';

/** Session columns the insights read. */
export const FACT_COLUMNS = [
  'id',
  'account_id',
  'created_at',
  'call_start',
  'browser',
  'browser_version',
  'os',
  'connectivity',
  'processor_version',
  'conference_id',
  'score_band',
  'obs_critical',
  'obs_high',
  'obs_medium',
  'experience_score',
  'audio_score',
  'video_score',
  'connectivity_score',
  'observations_score',
  'rtt_ms',
  'jitter_ms',
  'loss_percent',
  'bitrate_in_kbps',
  'bitrate_out_kbps',
] as const satisfies readonly (keyof SessionsTable)[];

export type FactRow = Pick<SessionsTable, (typeof FACT_COLUMNS)[number]>;
export interface ObservationFact {
  kind: string;
  type: string;
  severity: string;
}

/** The sessions columns of an insight (all null without one: a session stored before 008). */
export function insightColumns(i: SessionInsight | undefined) {
  return {
    audio_score: i?.audioScore ?? null,
    video_score: i?.videoScore ?? null,
    connectivity_score: i?.connectivityScore ?? null,
    observations_score: i?.observationsScore ?? null,
    rtt_ms: i?.rttMs ?? null,
    jitter_ms: i?.jitterMs ?? null,
    loss_percent: i?.packetLossPercent ?? null,
    bitrate_in_kbps: i?.bitrateInKbps ?? null,
    bitrate_out_kbps: i?.bitrateOutKbps ?? null,
    insight_facts: i ? 1 : 0,
  };
}

/** The session_observations rows of an insight: one per type (worst severity), one per cause. */
export function observationFacts(i: SessionInsight | undefined): ObservationFact[] {
  if (!i) return [];
  const worst = (list: readonly { type: string; severity: string }[], kind: string) => {
    const m = new Map<string, string>();
    const rank = (s: string) => ['critical', 'high', 'medium', 'low', 'info'].indexOf(s);
    for (const o of list) {
      const had = m.get(o.type);
      if (rank(o.severity) < 0) continue;
      if (had === undefined || rank(o.severity) < rank(had)) m.set(o.type, o.severity);
    }
    return [...m].map(([type, severity]) => ({ kind, type, severity }));
  };
  return [...worst(i.observations, 'type'), ...worst(i.causes, 'cause')];
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** What the accumulator counts of a stored session. */
export function factsOf(row: FactRow, observations: readonly ObservationFact[]): SessionFacts {
  const values: Partial<Record<Metric, number | null>> = {
    experienceScore: num(row.experience_score),
    audioScore: num(row.audio_score),
    videoScore: num(row.video_score),
    connectivityScore: num(row.connectivity_score),
    observationsScore: num(row.observations_score),
    rttMs: num(row.rtt_ms),
    jitterMs: num(row.jitter_ms),
    packetLossPercent: num(row.loss_percent),
    bitrateInKbps: num(row.bitrate_in_kbps),
    bitrateOutKbps: num(row.bitrate_out_kbps),
  };
  return {
    scoreBand: (['low', 'medium', 'high'].includes(row.score_band)
      ? row.score_band
      : 'unrated') as SessionFacts['scoreBand'],
    critical: Number(row.obs_critical) > 0,
    high: Number(row.obs_high) > 0,
    medium: Number(row.obs_medium) > 0,
    values,
    observations: observations.filter((o) => o.kind === 'type'),
    causes: observations.filter((o) => o.kind === 'cause'),
  };
}

/** A session's facts as stored, read in the caller's transaction (its row locked on PostgreSQL). */
export async function storedFacts(
  trx: Transaction<Database>,
  dialect: Dialect,
  accountId: string,
  id: string,
): Promise<{ row: FactRow; observations: ObservationFact[] } | undefined> {
  let q = trx
    .selectFrom('sessions')
    .select(FACT_COLUMNS)
    .where('id', '=', id)
    .where('account_id', '=', accountId);
  if (dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const observations = await trx
    .selectFrom('session_observations')
    .select(['kind', 'type', 'severity'])
    .where('session_id', '=', id)
    .execute();
  return { row, observations };
}
