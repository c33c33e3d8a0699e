import Type from 'typebox';
import { clockText } from '../computed/call-times.js';
import { SEVERITY_RANK } from '../detectors/severity.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { Nullable } from '../model/payload/common.js';
import { type Observation, ObservationsCount, Severity, Side } from '../model/payload/observation.js';
import type { StreamSummary } from '../model/payload/stream-summary.js';

/** Observation fields get_session's summary can add to each trimmed observation (`fields`). */
export const OBSERVATION_FIELDS = [
  'tags',
  'category',
  'direction',
  'kind',
  'trackId',
  'firstSeenAt',
  'source',
  'indicators',
  'episodes',
  'cause',
  'explainedBy',
] as const;
export type ObservationField = (typeof OBSERVATION_FIELDS)[number];

/**
 * Paging defaults of the summary: 6 observations (the worst) and 8 streams keep the summary of
 * the largest fixture (jitsi/google-legacy-stats-multiple-pc: 3 connections, 22 streams, its
 * story lines) under 4 KB (session-tools.test.ts; 8 and 10 made 4.2 KB once the track lifecycle
 * added its observations); the rest is a page further.
 */
export const SUMMARY_PAGE = {
  observations: 6,
  streams: 8,
  max: 100,
  storyLines: 10,
  connections: 8,
} as const;

const Page = <T extends Type.TSchema>(item: T, what: string) =>
  Type.Object(
    {
      total: Type.Integer({ description: `All the ${what} of the session.` }),
      offset: Type.Integer(),
      items: Type.Array(item),
    },
    { description: `One page of the ${what}; ask for more with ${what}Offset/${what}Limit.` },
  );

const TrimmedObservation = Type.Object(
  {
    type: Type.String(),
    severity: Severity,
    side: Type.Optional(Side),
    at: Type.String({ description: 'm:ss since the call started ("–" when unknown).' }),
    meaning: Type.String(),
  },
  { additionalProperties: true, description: 'Plus the observation fields asked for with `fields`.' },
);

/** get_session's default answer: what happened, scores, counts, and one line per thing. */
export const SessionSummary = Type.Object({
  title: Type.String(),
  fileName: Nullable(Type.String()),
  callStart: Nullable(Type.String({ format: 'date-time' })),
  durationMs: Type.Integer(),
  browser: Nullable(Type.String({ description: 'Browser, major version and OS.' })),
  connectivity: Type.String(),
  whatHappened: Type.Array(Type.String(), {
    description: `m:ss (severity) what happened, in time order; past ${SUMMARY_PAGE.storyLines} lines, the last says how many more (view full has them all).`,
  }),
  aiSummary: Nullable(
    Type.String({ description: 'Written summary, when the service asks a model for one.' }),
  ),
  scores: Type.Object({
    experience: Type.Number({ description: '0-100' }),
    audio: Nullable(Type.Number()),
    video: Nullable(Type.Number()),
    connectivity: Nullable(Type.Number()),
    observations: Type.Integer({ description: '0-40' }),
  }),
  observationsCount: ObservationsCount,
  observations: Page(TrimmedObservation, 'observations'),
  connections: Type.Array(Type.String(), {
    description: `One line per peer connection; past ${SUMMARY_PAGE.connections}, the last says how many more.`,
  }),
  streams: Page(
    Type.String({ description: 'Stream key (for get_stream_series), then kind, direction, codec, numbers.' }),
    'streams',
  ),
});
export type SessionSummary = Type.Static<typeof SessionSummary>;

export interface SummaryOptions {
  fields?: readonly ObservationField[];
  observationsOffset?: number;
  observationsLimit?: number;
  streamsOffset?: number;
  streamsLimit?: number;
}

/** The summary of a session payload: worst observations first, streams in payload order. */
export function sessionSummary(data: AnalyzeResponseData, options: SummaryOptions = {}): SessionSummary {
  const start = data.callStart ? Date.parse(data.callStart) : undefined;
  const at = (t: number | null) =>
    t === null || start === undefined ? '–' : clockText(Math.max(0, t - start));
  const ranked = [...data.observations].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || (a.firstSeenAt ?? 0) - (b.firstSeenAt ?? 0),
  );
  const oOffset = options.observationsOffset ?? 0;
  const sOffset = options.streamsOffset ?? 0;
  const streams = Object.entries(data.streams);
  const ua = data.userAgentData;
  const browser = [ua.browser, ua.majorVersion].filter(Boolean).join(' ') + (ua.os ? ` / ${ua.os}` : '');
  return {
    title: data.title,
    fileName: data.fileName,
    callStart: data.callStart,
    durationMs: data.durationMs,
    browser: browser || null,
    connectivity: data.connectivity,
    whatHappened: story(data.whatHappened),
    aiSummary: data.aiSummary ?? null,
    scores: {
      experience: data.experienceScore,
      audio: data.audioScore,
      video: data.videoScore,
      connectivity: data.connectivityScore,
      observations: data.observationsScore,
    },
    observationsCount: data.observationsCount,
    observations: {
      total: ranked.length,
      offset: oOffset,
      items: ranked
        .slice(oOffset, oOffset + (options.observationsLimit ?? SUMMARY_PAGE.observations))
        .map((o) => trimmed(o, at(o.firstSeenAt), options.fields ?? [])),
    },
    connections: capped(
      Object.values(data.pConnections).map(
        (pc) =>
          `${pc.id}: ${pc.finalState.connection ?? pc.finalState.iceConnection ?? 'unknown'}` +
          (pc.durationMs === null ? '' : `, ${clockText(pc.durationMs)} long`) +
          (pc.failed ? ', failed' : '') +
          (pc.disconnections ? `, ${pc.disconnections} disconnection(s)` : '') +
          (pc.iceRestarts ? `, ${pc.iceRestarts} ICE restart(s)` : '') +
          (pc.roundTripTimeMs ? `, rtt ${Math.round(pc.roundTripTimeMs.avg)} ms` : ''),
      ),
      SUMMARY_PAGE.connections,
    ),
    streams: {
      total: streams.length,
      offset: sOffset,
      items: streams
        .slice(sOffset, sOffset + (options.streamsLimit ?? SUMMARY_PAGE.streams))
        .map(([key, s]) => streamLine(key, s)),
    },
  };
}

function trimmed(o: Observation, at: string, fields: readonly ObservationField[]) {
  const out: Record<string, unknown> = { type: o.type, severity: o.severity };
  if (o.side) out.side = o.side;
  out.at = at;
  out.meaning = o.meaning;
  for (const f of fields) if (o[f] !== undefined) out[f] = o[f];
  return out as Type.Static<typeof TrimmedObservation>;
}

const round = (v: number, digits = 0) => Number(v.toFixed(digits));

/** `PC_0-ssrc_1_send: audio out opus 27 kbps, loss 0 %, jitter 5 ms, rtt 6 ms, 1:24`. */
function streamLine(key: string, s: StreamSummary): string {
  const direction = s.direction === 'inbound' ? 'in' : s.direction === 'outbound' ? 'out' : 'both';
  const parts = [`${key}: ${s.kind} ${direction}${s.codec ? ` ${s.codec.mimeType.split('/')[1]}` : ''}`];
  if (s.bitrateKbps) parts.push(`${round(s.bitrateKbps.avg)} kbps`);
  if (s.packetLossPercent !== null) parts.push(`loss ${round(s.packetLossPercent, 1)} %`);
  if (s.jitterMs) parts.push(`jitter ${round(s.jitterMs.avg)} ms`);
  if (s.roundTripTimeMs) parts.push(`rtt ${round(s.roundTripTimeMs.avg)} ms`);
  const v = s.video;
  if (v?.frameHeight) parts.push(`${v.frameHeight.min}p–${v.frameHeight.max}p`);
  if (v?.freezeCount) parts.push(`${v.freezeCount} freeze(s)`);
  parts.push(clockText(s.durationMs));
  return parts.join(', ');
}

/** The story's lines, the first SUMMARY_PAGE.storyLines of a long one and how many more there are. */
function story(lines: AnalyzeResponseData['whatHappened']): string[] {
  return capped(
    lines.map((l) => `${l.at} (${l.severity}) ${l.text}`),
    SUMMARY_PAGE.storyLines,
  );
}

/** The first lines of a long list, the last of them saying how many more there are. */
function capped(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  const shown = lines.slice(0, max - 1);
  return [...shown, `… and ${lines.length - shown.length} more (view: full)`];
}
