/**
 * The MCP get_insights tool: GET /v1.0/insights' arguments, and a compact answer for an agent
 * (a few KB): the headline figures, the top types, the groups and series as short rows, and from
 * `compare` only what changed significantly, plus one line per regression.
 */
import Type from 'typebox';
import { GROUP_BY } from '../insights/collect.js';
import type { Summary } from '../insights/summary.js';
import { ApiError } from '../service/api-error.js';
import {
  COMPARE_BY,
  INTERVALS,
  type InsightsAnswer,
  type InsightsQuery,
  insights,
  parseInsightsQuery,
  TOP_MAX,
} from '../service/insights.js';
import { FLAG_FILTERS, TEXT_FILTERS } from '../service/session-filters.js';
import type { ToolDefinition } from './tools.js';

const Instant = Type.String();

interface Digest {
  sessions: number;
  experience: { mean: number | null; p50: number | null; p95: number | null; low: number; unrated: number };
  audio: number | null;
  video: number | null;
  connectivity: number | null;
  withCritical: number;
  withHigh: number;
  rttP95: number | null;
  lossP95: number | null;
  top: string[];
}

interface DigestResult {
  source: string;
  total: Digest;
  groups: (Digest & { key: string | null })[];
  series: (string | number | null)[][];
  compare: {
    baseline: string;
    current: string;
    sessions: number[];
    regressions: string[];
    improvements: string[];
    method: string;
  } | null;
}

/** The result's shape (its fields: the description and docs/insights.md). */
export const InsightsDigest = Type.Object({
  source: Type.String(),
  total: Type.Object({}),
  groups: Type.Array(Type.Object({})),
  series: Type.Array(Type.Array(Type.Unknown())),
  compare: Type.Union([Type.Object({}), Type.Null()]),
});

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function digest(s: Summary): Digest {
  const e = s.scores.experienceScore;
  return {
    sessions: s.sessions,
    experience: {
      mean: e.mean,
      p50: e.p50,
      p95: e.p95,
      low: e.bands?.low ?? 0,
      unrated: e.bands?.unrated ?? 0,
    },
    audio: s.scores.audioScore.mean,
    video: s.scores.videoScore.mean,
    connectivity: s.scores.connectivityScore.mean,
    withCritical: s.withCritical,
    withHigh: s.withHigh,
    rttP95: s.stats.rttMs.p95,
    lossP95: s.stats.packetLossPercent.p95,
    // "type share% (serious share%)": at any severity, and at critical/high/medium.
    top: s.observations.map((o) => {
      const serious = o.bySeverity.critical + o.bySeverity.high + o.bySeverity.medium;
      return `${o.type} ${pct(o.share)} (${pct(s.sessions ? serious / s.sessions : 0)} medium+)`;
    }),
  };
}

export function insightsDigest(a: InsightsAnswer): DigestResult {
  const c = a.compare;
  const improved: string[] = [];
  if (c) {
    for (const s of c.scores)
      if (s.significant && !s.worse)
        improved.push(
          `${s.metric}: ${s.baseline.mean ?? s.baseline.p50} -> ${s.current.mean ?? s.current.p50}`,
        );
    for (const s of c.shares)
      if (s.significant && !s.worse)
        improved.push(`${s.name} (${s.kind}): ${pct(s.baseline.share)} -> ${pct(s.current.share)}`);
  }
  return {
    source: a.source,
    total: digest(a.total),
    groups: a.groups
      .slice(0, 20)
      .map((g) => ({ key: g.key, ...digest({ ...g, observations: g.observations.slice(0, 3) }) })),
    series: a.series.map((p) => [p.period, p.sessions, p.experienceMean, p.lowScore]),
    compare: c
      ? {
          baseline: c.baseline.label,
          current: c.current.label,
          sessions: [c.baseline.sessions, c.current.sessions],
          regressions: c.regressions,
          improvements: improved,
          method: `${c.method.shares}; ${c.method.scores}; ${c.method.significance}; at least ${c.method.minCount} sessions a side`,
        }
      : null,
  };
}

/** list_sessions' filters, which get_insights takes too (checked by the list's own parsing). */
const FILTERS = new Set<string>([
  'name',
  'fileName',
  'observationTags',
  'observationFlags',
  ...TEXT_FILTERS,
  ...FLAG_FILTERS,
]);

/**
 * tools/list must stay under 12 KB (session-tools.test.ts): the insights' own arguments are
 * spelled out, list_sessions' filters are named in the description and checked when the tool runs
 * (an unknown argument is refused there, as the schema would), and the result's schema is its shape.
 */
const INPUT = Type.Object({
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  createdFrom: Type.Optional(Instant),
  createdTo: Type.Optional(Instant),
  connectivity: Type.Optional(Type.String()),
  processorVersion: Type.Optional(Type.String()),
  groupBy: Type.Optional(Type.String({ enum: [...GROUP_BY] })),
  interval: Type.Optional(Type.String({ enum: [...INTERVALS] })),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: TOP_MAX })),
  compare: Type.Optional(Type.String({ enum: [...COMPARE_BY] })),
  baseline: Type.Optional(Type.String()),
  current: Type.Optional(Type.String()),
  baselineFrom: Type.Optional(Instant),
  baselineTo: Type.Optional(Instant),
});
const OWN = new Set(Object.keys(INPUT.properties));

export const GET_INSIGHTS: ToolDefinition = {
  name: 'get_insights',
  title: 'Sessions as a whole',
  description:
    "Figures over the account's sessions; takes list_sessions' filters, from/to (call start), createdFrom/createdTo (YYYY-MM-DD UTC or ISO). total and groups: sessions, experience mean/p50/p95/low/unrated, mean audio/video/connectivity, critical/high shares, rtt/loss p95, top types. series: [period, sessions, experience mean, low share]. compare (period: from/to vs the period before; or baseline/current versions) gives significant regressions. Free.",
  input: INPUT,
  output: InsightsDigest,
  run: async ({ ctx, auth }, args) => {
    const unknown = Object.keys(args).filter((k) => !OWN.has(k) && !FILTERS.has(k));
    if (unknown.length)
      throw new ApiError(
        'invalid_request',
        `Unknown argument ${unknown.join(', ')}: get_insights takes list_sessions' filters and ${[...OWN].join(', ')}.`,
      );
    const request = parseInsightsQuery(args as InsightsQuery, 'arguments');
    return insightsDigest(await insights(ctx.storage, auth.account.id, request));
  },
  lead: (result) => {
    const r = result as DigestResult;
    const t = r.total;
    const lines = [
      `${t.sessions} sessions; experience mean ${t.experience.mean ?? '–'}, P50 ${t.experience.p50 ?? '–'}; low score ${pct(t.experience.low)}; with critical ${pct(t.withCritical)}.`,
    ];
    if (r.compare)
      lines.push(
        r.compare.regressions.length
          ? `Worse since ${r.compare.baseline}: ${r.compare.regressions.join('; ')}`
          : `Nothing significantly worse than ${r.compare.baseline}.`,
      );
    return lines.join('\n');
  },
};
