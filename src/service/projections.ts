import type { EnrichData, TrimmedObservation } from '../model/api/resources.js';
import { MEASUREMENT_FIELDS } from '../model/observation-terms.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { Observation } from '../model/payload/observation.js';
import { ratedExperience } from '../model/payload/rated-experience.js';
import type { SessionAbstract, SessionInsight } from '../storage/records.js';

/** Only critical, high and medium observations feed flags, tags and the has* filters (reference.md). */
const SERIOUS = new Set(['critical', 'high', 'medium']);

export function scoreBand(score: number | null | undefined): SessionAbstract['scoreBand'] {
  if (score === null || score === undefined || !Number.isFinite(score)) return 'unrated';
  if (score >= 80) return 'high';
  if (score >= 60) return 'medium';
  return 'low';
}

/** The indexed abstract of a session payload. */
export function payloadAbstract(data: AnalyzeResponseData): SessionAbstract {
  const serious = data.observations.filter((o) => SERIOUS.has(o.severity));
  const ua = data.userAgentData;
  const meta = data.metadata;
  const experience = ratedExperience(data);
  return {
    observationFlags: [...new Set(serious.map((o) => o.type))].sort(),
    observationTags: [...new Set(serious.flatMap((o) => o.tags))].sort(),
    browser: ua.browser,
    browserVersion: ua.majorVersion ?? ua.version?.split('.')[0] ?? null,
    os: ua.os,
    osVersion: ua.osVersion,
    conferenceId: meta.conferenceId,
    sessionId: meta.sessionId,
    userId: meta.userId,
    experienceScore: experience,
    connectivity: data.connectivity === 'NONE' ? null : data.connectivity,
    observationsCritical: data.observationsCount.critical,
    observationsHigh: data.observationsCount.high,
    observationsMedium: data.observationsCount.medium,
    scoreBand: scoreBand(experience),
  };
}

const RANK = ['critical', 'high', 'medium', 'low', 'info'];

/** Each type of `list` once, with its worst severity. */
function worstByType(list: readonly Observation[]): { type: string; severity: string }[] {
  const m = new Map<string, string>();
  for (const o of list) {
    const had = m.get(o.type);
    if (had === undefined || RANK.indexOf(o.severity) < RANK.indexOf(had)) m.set(o.type, o.severity);
  }
  return [...m].map(([type, severity]) => ({ type, severity })).sort((a, b) => a.type.localeCompare(b.type));
}

/** The finite ones of some aggregated stats: null when none was measured. */
function stats(data: AnalyzeResponseData, keys: readonly string[]): number[] | null {
  const values = keys.map((k) => data.aggregatedStats[k]).filter((v): v is number => Number.isFinite(v));
  return values.length ? values : null;
}

/**
 * What insights count about a session (docs/insights.md): its scores; its round trip time and
 * jitter (the session-wide averages); its inbound packet loss (the worse of audio and video, each
 * averaged over the call); its bitrates in and out (audio plus video averages); each observation
 * type, and each cause, with its worst severity.
 */
export function payloadInsight(data: AnalyzeResponseData): SessionInsight {
  const loss = stats(data, ['packetLoss_in_audio_avg_percent', 'packetLoss_in_video_avg_percent']);
  const bitIn = stats(data, ['bitrate_in_audio_avg_kbps', 'bitrate_in_video_avg_kbps']);
  const bitOut = stats(data, ['bitrate_out_audio_avg_kbps', 'bitrate_out_video_avg_kbps']);
  const one = (key: string) => stats(data, [key])?.[0] ?? null;
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  return {
    audioScore: finite(data.audioScore),
    videoScore: finite(data.videoScore),
    connectivityScore: finite(data.connectivityScore),
    observationsScore: finite(data.observationsScore),
    rttMs: one('rtt_avg_ms'),
    jitterMs: one('jitter_avg_ms'),
    packetLossPercent: loss ? Math.max(...loss) : null,
    bitrateInKbps: bitIn ? bitIn.reduce((a, b) => a + b, 0) : null,
    bitrateOutKbps: bitOut ? bitOut.reduce((a, b) => a + b, 0) : null,
    observations: worstByType(data.observations),
    causes: worstByType(data.observations.filter((o) => o.cause !== undefined)),
  };
}

/** The trimmed form: type and severity, then only the fields with a finite value (never null). */
export function trimObservation(o: Observation): TrimmedObservation {
  const out: TrimmedObservation = {
    type: o.type,
    severity: o.severity,
    category: o.category,
    tags: [...o.tags],
  };
  if (o.firstSeenAt !== null && Number.isFinite(o.firstSeenAt)) out.firstSeenAt = o.firstSeenAt;
  if (o.url) out.url = o.url;
  if (o.property) out.property = o.property;
  for (const field of MEASUREMENT_FIELDS) {
    const v = o[field];
    if (typeof v === 'number' && Number.isFinite(v)) out[field] = v;
  }
  return out;
}

/** The enrich projection of a payload: scores, counts, trimmed observations, user agent. */
export function enrichData(data: AnalyzeResponseData): EnrichData {
  const ua = data.userAgentData;
  const known = ua.userAgent !== null || ua.browser !== null || ua.os !== null;
  return {
    scores: {
      experienceScore: data.experienceScore,
      audioScore: data.audioScore,
      videoScore: data.videoScore,
      connectivityScore: data.connectivityScore,
      observationsScore: data.observationsScore,
    },
    observationsCount: { ...data.observationsCount },
    observations: data.observations.map(trimObservation),
    userAgentData: known ? ua : {},
  };
}
