/**
 * The events webhooks carry, as bodies: the JSON envelope `{id, type, createdAt, data}`, or for a
 * webhook of format `slack` a Slack incoming-webhook body `{text}` telling the same in a line.
 */
import type { EnrichData } from '../model/api/resources.js';
import type { SessionInsight } from '../storage/index.js';
import type { Format, NewEvent } from './store.js';

const SERIOUS = new Set(['critical', 'high', 'medium']);
const RANK: Record<string, number> = { critical: 0, high: 1, medium: 2 };

export interface SessionAnalyzedData {
  callscopeId: string;
  callscopeUrl: string;
  title: string;
  fileName: string;
  processorVersion: string;
  createdAt: string;
  callStart: string | null;
  callEnd: string | null;
  scores: EnrichData['scores'];
  observationsCount: EnrichData['observationsCount'];
  /** Observation types and causes at critical, high or medium, worst first. */
  observations: { type: string; severity: string }[];
  causes: { type: string; severity: string }[];
}

export interface RegressionData {
  /** score (lowScore), severity (withCritical, withHigh), observation or cause. */
  kind: string;
  name: string;
  baseline: { from: string; to: string; sessions: number; withIt: number; share: number };
  current: { from: string; to: string; sessions: number; withIt: number; share: number };
  /** Change of the share, as a fraction of 1. */
  change: number;
  pValue: number | null;
  method: string;
  insightsUrl: string;
}

const serious = (list: { type: string; severity: string }[]) =>
  list
    .filter((o) => SERIOUS.has(o.severity))
    .sort((a, b) => RANK[a.severity]! - RANK[b.severity]! || a.type.localeCompare(b.type))
    .map(({ type, severity }) => ({ type, severity }));

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function envelope(type: string, eventId: string, now: number, data: object): string {
  return JSON.stringify({ id: eventId, type, createdAt: new Date(now).toISOString(), data });
}

const slack = (text: string) => JSON.stringify({ text });

/** `session.analyzed`, for a session just saved. */
export function sessionAnalyzed(s: {
  accountId: string;
  sessionId: string;
  callscopeUrl: string;
  title: string;
  fileName: string;
  processorVersion: string;
  createdAt: number;
  callStart: number | null;
  callEnd: number | null;
  enrich: Pick<EnrichData, 'scores' | 'observationsCount'>;
  insight: Pick<SessionInsight, 'observations' | 'causes'>;
}): NewEvent {
  const data: SessionAnalyzedData = {
    callscopeId: s.sessionId,
    callscopeUrl: s.callscopeUrl,
    title: s.title,
    fileName: s.fileName,
    processorVersion: s.processorVersion,
    createdAt: new Date(s.createdAt).toISOString(),
    callStart: iso(s.callStart),
    callEnd: iso(s.callEnd),
    scores: s.enrich.scores,
    observationsCount: s.enrich.observationsCount,
    observations: serious(s.insight.observations),
    causes: serious(s.insight.causes),
  };
  return {
    type: 'session.analyzed',
    accountId: s.accountId,
    dedupeKey: `session:${s.sessionId}`,
    now: s.createdAt,
    body: (format: Format, eventId: string) =>
      format === 'slack'
        ? slack(sessionText(data))
        : envelope('session.analyzed', eventId, s.createdAt, data),
  };
}

/** The Slack line of a session: its score, its counts, its worst findings, its link. */
export function sessionText(d: SessionAnalyzedData): string {
  const c = d.observationsCount;
  const score =
    d.scores.experienceScore === null
      ? 'no experience score'
      : `experience score ${d.scores.experienceScore}`;
  const counts = `${c.critical} critical, ${c.high} high, ${c.medium} medium`;
  const worst = [
    ...d.causes.map((x) => `${x.type} (${x.severity}, cause)`),
    ...d.observations.map((x) => `${x.type} (${x.severity})`),
  ]
    .slice(0, 5)
    .join(', ');
  return `callscope: session "${d.title}" analyzed: ${score}; ${counts}${worst ? `: ${worst}` : ''}. <${d.callscopeUrl}|Open the session>`;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/** `insights.regression`, for a significant rise in a bad-call share; once per `period` and share. */
export function regression(accountId: string, now: number, period: string, data: RegressionData): NewEvent {
  return {
    type: 'insights.regression',
    accountId,
    dedupeKey: `regression:${data.kind}:${data.name}:${period}`,
    now,
    body: (format: Format, eventId: string) =>
      format === 'slack'
        ? slack(
            `callscope: regression: ${data.name} (${data.kind}) went from ${pct(data.baseline.share)} to ${pct(data.current.share)} of sessions (${data.current.withIt} of ${data.current.sessions}, p = ${data.pValue}) in the last 7 days against the 7 before. <${data.insightsUrl}|Insights>`,
          )
        : envelope('insights.regression', eventId, now, data),
  };
}
