/**
 * The scheduled check behind `insights.regression`: for each account with a webhook that takes
 * it, the last 7 days of calls (by call start) are compared with the 7 days before, with the
 * comparison of GET /insights?compare=period (two-proportion z-tests, Benjamini-Hochberg). Every
 * bad-call share that rose significantly is an event, enqueued once per share and 7-day period
 * (counted from the Unix epoch): a regression that lasts is told once a week, not at every check.
 */
import { insights, parseInsightsQuery, TOP_MAX } from '../service/insights.js';
import type { Storage } from '../storage/index.js';
import { regression } from './events.js';
import type { WebhookStore } from './store.js';

export const WINDOW_MS = 7 * 86_400_000;

export interface RegressionCheck {
  storage: Storage;
  store: WebhookStore;
  now: number;
  /** Where GET /v1.0/insights is served, for the link in the event. */
  apiUrl: string;
}

/** Runs the check for every account concerned; the number of events enqueued (deliveries). */
export async function checkRegressions(c: RegressionCheck): Promise<number> {
  const accounts = await c.store.accountsWith('insights.regression');
  let enqueued = 0;
  for (const accountId of accounts) enqueued += await checkAccount(c, accountId);
  return enqueued;
}

async function checkAccount(c: RegressionCheck, accountId: string): Promise<number> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const to = c.now;
  const from = to - WINDOW_MS;
  const baseline = { from: from - WINDOW_MS, to: from };
  const query = {
    from: iso(from),
    to: iso(to),
    compare: 'period',
    baselineFrom: iso(baseline.from),
    baselineTo: iso(baseline.to),
    interval: 'none',
    top: String(TOP_MAX),
  };
  const answer = await insights(c.storage, accountId, parseInsightsQuery(query));
  const comparison = answer.compare;
  if (!comparison) return 0;
  const period = String(Math.floor(c.now / WINDOW_MS));
  const link = `${c.apiUrl}/v1.0/insights?${new URLSearchParams(query)}`;
  let enqueued = 0;
  for (const s of comparison.shares) {
    if (!s.worse) continue;
    enqueued += await c.store.enqueue(
      regression(accountId, c.now, period, {
        kind: s.kind,
        name: s.name,
        baseline: {
          from: iso(baseline.from),
          to: iso(baseline.to),
          sessions: comparison.baseline.sessions,
          withIt: s.baseline.sessions,
          share: s.baseline.share,
        },
        current: {
          from: iso(from),
          to: iso(to),
          sessions: comparison.current.sessions,
          withIt: s.current.sessions,
          share: s.current.share,
        },
        change: s.change,
        pValue: s.pValue,
        method: `${comparison.method.shares}; ${comparison.method.significance}`,
        insightsUrl: link,
      }),
    );
  }
  return enqueued;
}
