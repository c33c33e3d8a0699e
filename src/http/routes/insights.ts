import Type from 'typebox';
import { authOf, limitRate } from '../../edge/auth.js';
import { GROUP_BY } from '../../insights/collect.js';
import { InsightsResponse } from '../../model/api/insights.js';
import { COMPARE_BY, INTERVALS, insights, parseInsightsQuery, TOP_MAX } from '../../service/insights.js';
import { type App, BEARER, errors, type RouteOptions } from '../route-types.js';
import { Instant } from './list-extensions.js';
import { LIST_FILTER_PARAMETERS, splitLists } from './sessions.js';

const Choice = (values: readonly string[], description: string) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { description },
    ),
  );

/** Query of GET /insights: the list's filters, then the insights' own. Unknown parameters are 400. */
const InsightsQuery = Type.Object(
  {
    ...LIST_FILTER_PARAMETERS,
    from: Instant('Call start at or after this.'),
    to: Instant('Call start before this.'),
    createdFrom: Instant('Stored at or after this.'),
    createdTo: Instant('Stored before this.'),
    connectivity: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Exact connectivity: DIRECT/UDP, RELAY/TLS…',
      }),
    ),
    processorVersion: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Exact processor version that analyzed the session.',
      }),
    ),
    groupBy: Choice(
      GROUP_BY,
      'One summary per value (observationType: per type at critical, high or medium; a session is in each of its types).',
    ),
    interval: Choice(
      INTERVALS,
      'The series: per UTC day or ISO week. Default: day for a call start range up to 92 days, else week.',
    ),
    timeField: Choice(
      ['callStart', 'createdAt'],
      'What the series and the day/week groups count by. Default callStart.',
    ),
    top: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: TOP_MAX,
        description: `Observation types and causes listed per summary, 1 to ${TOP_MAX} (default 10; 5 at most per group).`,
      }),
    ),
    compare: Choice(
      COMPARE_BY,
      'Compare two sets of sessions: the from/to period with a baseline period, or two processor or browser versions.',
    ),
    baseline: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'compare=processorVersion|browserVersion: the version compared against.',
      }),
    ),
    current: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'compare=processorVersion|browserVersion: the version compared.',
      }),
    ),
    baselineFrom: Instant(
      "compare=period: the baseline period's start (default: as long as from/to, just before it).",
    ),
    baselineTo: Instant("compare=period: the baseline period's end (default: from)."),
  },
  { additionalProperties: false },
);

export function insightsRoutes(app: App, { ctx, alias }: RouteOptions): void {
  app.get(
    '/insights',
    {
      schema: {
        hide: alias,
        operationId: 'getInsights',
        summary: "Extension: the account's sessions as a whole",
        description:
          'Counts, score distributions (mean, standard deviation, P50/P90/P95, bands), shares of sessions with each observation type and cause by severity, median and P95 of the aggregated stats, a series per day or week, groups, and `compare` with significance tests. Takes the list filters. Answered from rollups kept exact as sessions are saved, re-analyzed and deleted; filters the rollups cannot answer are answered by reading the sessions (`source`, `scanBecause`). See docs/insights.md.',
        tags: ['Sessions'],
        security: BEARER,
        querystring: InsightsQuery,
        response: { 200: InsightsResponse, ...errors(400, 401, 429, 500) },
      },
      preValidation: splitLists,
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const parsed = parseInsightsQuery(request.query);
      return insights(ctx.storage, authOf(request).account.id, parsed);
    },
  );
}
