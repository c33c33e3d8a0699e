/**
 * Extension: GET /v1.0/insights (docs/insights.md). Shares are fractions of 1 with 4 decimals;
 * percentiles are the lower edge of the bin holding them (`binWidths`).
 */
import Type from 'typebox';
import { Nullable } from '../payload/common.js';

const Share = Type.Number({ minimum: 0, maximum: 1, description: 'Fraction of 1, 4 decimals.' });
const Figure = Nullable(Type.Number());

const Bands = Type.Object(
  {
    high: Share,
    medium: Share,
    low: Share,
    unrated: Type.Optional(Share),
  },
  {
    description:
      'experienceScore: the scoreBand of every session (high >= 80, medium 60-79, low < 60, unrated). audio, video and connectivity scores: of the scored sessions, high >= 4, medium 3-3.95, low < 3.',
  },
);

const ScoreSummary = Type.Object(
  {
    count: Type.Integer({ description: 'Sessions with this score.' }),
    mean: Figure,
    stddev: Nullable(Type.Number({ description: 'Sample standard deviation (n - 1).' })),
    p50: Figure,
    p90: Figure,
    p95: Figure,
    bands: Type.Optional(Bands),
  },
  {},
);

const StatSummary = Type.Object({ count: Type.Integer(), p50: Figure, p95: Figure }, {});

const TypeShare = Type.Object(
  {
    type: Type.String(),
    sessions: Type.Integer({ description: 'Sessions with the type at any severity.' }),
    share: Share,
    bySeverity: Type.Object(
      {
        critical: Type.Integer(),
        high: Type.Integer(),
        medium: Type.Integer(),
        low: Type.Integer(),
        info: Type.Integer(),
      },
      { description: 'Sessions by the worst severity of the type.' },
    ),
  },
  {},
);

const scoreNames = ['experienceScore', 'audioScore', 'videoScore', 'connectivityScore', 'observationsScore'];
const statNames = ['rttMs', 'jitterMs', 'packetLossPercent', 'bitrateInKbps', 'bitrateOutKbps'];

export const InsightsSummary = Type.Object(
  {
    sessions: Type.Integer(),
    withCritical: Share,
    withHigh: Share,
    withMedium: Share,
    scores: Type.Object(Object.fromEntries(scoreNames.map((n) => [n, ScoreSummary]))),
    stats: Type.Object(Object.fromEntries(statNames.map((n) => [n, StatSummary])), {
      description:
        'Per session: rttMs and jitterMs its averages, packetLossPercent the worse of inbound audio and video, bitrates audio plus video.',
    }),
    observations: Type.Array(TypeShare, {
      description: 'The `top` types, most sessions at medium or above first.',
    }),
    causes: Type.Array(TypeShare, { description: 'Observations that are causes (they explain others).' }),
  },
  { description: 'Extension: the figures of a set of sessions.' },
);

const SeriesPoint = Type.Object(
  {
    period: Nullable(
      Type.String({ description: 'YYYY-MM-DD (UTC; a week: its Monday); null: no call start.' }),
    ),
    sessions: Type.Integer(),
    experienceMean: Figure,
    experienceP50: Figure,
    lowScore: Share,
    withCritical: Share,
    withHigh: Share,
  },
  {},
);

const Tested = {
  pValue: Nullable(Type.Number()),
  significant: Nullable(Type.Boolean({ description: 'null: too few sessions to test.' })),
  worse: Type.Boolean({ description: 'Significant, and in the bad direction.' }),
};
const Side = Type.Object({ count: Type.Integer(), mean: Figure, p50: Figure }, {});
const ShareSide = Type.Object({ sessions: Type.Integer(), share: Share }, {});

export const InsightsComparison = Type.Object(
  {
    by: Type.String(),
    baseline: Type.Object({ label: Type.String(), sessions: Type.Integer() }),
    current: Type.Object({ label: Type.String(), sessions: Type.Integer() }),
    method: Type.Object({
      scores: Type.String(),
      shares: Type.String(),
      significance: Type.String(),
      minCount: Type.Integer(),
      minEvents: Type.Integer(),
    }),
    scores: Type.Array(
      Type.Object({
        metric: Type.String(),
        baseline: Side,
        current: Side,
        change: Figure,
        superiority: Nullable(Type.Number()),
        ...Tested,
      }),
    ),
    shares: Type.Array(
      Type.Object({
        kind: Type.Union([
          Type.Literal('score'),
          Type.Literal('severity'),
          Type.Literal('observation'),
          Type.Literal('cause'),
        ]),
        name: Type.String(),
        baseline: ShareSide,
        current: ShareSide,
        change: Type.Number(),
        ...Tested,
      }),
    ),
    regressions: Type.Array(Type.String(), {
      description: 'The significant changes for the worse, one line each.',
    }),
  },
  { description: 'Extension: two sets of sessions side by side, with significance tests.' },
);

export const InsightsResponse = Type.Object(
  {
    source: Type.Union([Type.Literal('rollup'), Type.Literal('scan')]),
    scanBecause: Type.Array(Type.String(), { description: 'What made the answer read the sessions.' }),
    binWidths: Type.Record(Type.String(), Type.Number()),
    total: InsightsSummary,
    groupBy: Nullable(Type.String()),
    groups: Type.Array(
      Type.Object(
        {
          key: Nullable(Type.String({ description: 'The group (browserVersion: "Safari 18").' })),
          ...InsightsSummary.properties,
        },
        {},
      ),
    ),
    interval: Type.String(),
    series: Type.Array(SeriesPoint),
    compare: Nullable(InsightsComparison),
  },
  { description: "Extension: the account's sessions as a whole (docs/insights.md)." },
);
