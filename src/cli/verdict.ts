import { SEVERITIES, type Severity } from '../model/observation-terms.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { ratedExperience } from '../model/payload/rated-experience.js';
import { duration, indent, num, table } from './format.js';

/**
 * What went wrong and how good the call was, as `callscope analyze` prints it: the scores in one
 * line, the observations as a table, and the short forms the many-files table uses. The payload
 * is the API's (severity order, same meanings), so the CLI says what the service says.
 */

/**
 * `experience 39/100 · audio 3.0/5 · video – · connectivity 5.0/5 · observations 13/40`. A call
 * without audio or video has its experience "not scored": its 0 means nothing to score.
 */
export function scoresLine(data: AnalyzeResponseData): string {
  const of5 = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)}/5`);
  const experience = ratedExperience(data);
  return [
    experience === null
      ? 'experience not scored (no audio or video was exchanged)'
      : `experience ${num(experience, 0)}/100`,
    `audio ${of5(data.audioScore)}`,
    `video ${of5(data.videoScore)}`,
    `connectivity ${of5(data.connectivityScore)}`,
    `observations ${data.observationsScore}/40`,
  ].join(' · ');
}

/** `4 high, 2 medium, 3 low`: the severities that have observations. */
function countsText(data: AnalyzeResponseData): string {
  return SEVERITIES.filter((s) => data.observationsCount[s] > 0)
    .map((s) => `${data.observationsCount[s]} ${s}`)
    .join(', ');
}

/** For the many-files table: the total and how many at the worst severity, e.g. `12 (4 high)`. */
export function worstText(data: AnalyzeResponseData): string {
  const total = data.observations.length;
  const worst = SEVERITIES.find((s) => data.observationsCount[s] > 0);
  return worst === undefined ? '0' : `${total} (${data.observationsCount[worst]} ${worst})`;
}

/** How many observations are at `threshold` or more severe. */
export function atOrAbove(data: AnalyzeResponseData, threshold: Severity): number {
  const worse = SEVERITIES.slice(0, SEVERITIES.indexOf(threshold) + 1);
  return worse.reduce((sum, s) => sum + data.observationsCount[s], 0);
}

/** The observations section: severity, type, where, since when in the call, and what it means. */
export function observationsSection(data: AnalyzeResponseData): string[] {
  const list = data.observations;
  if (list.length === 0) return ['Observations (0)'];
  const out = [`Observations (${list.length}: ${countsText(data)})`];
  const start = data.callStart === null ? Number.NaN : Date.parse(data.callStart);
  const rows = list.map((o) => [
    o.severity,
    o.type,
    [o.source.pid, o.source.sid].filter(Boolean).join(' ') || 'session',
    o.firstSeenAt === null ? '–' : duration(Math.max(0, o.firstSeenAt - start)),
    o.meaning,
  ]);
  out.push(indent(table(['severity', 'type', 'where', 'at', 'meaning'], rows)));
  return out;
}
