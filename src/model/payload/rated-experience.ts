import type { AnalyzeResponseData } from './analyze-response-data.js';

/**
 * The experience score as a rating, or null when there was no audio or video to rate. The payload
 * says 0 then (the specification's "0 when there is no media data to score"); a list, a table or
 * a headline shows such a session as not scored, not as the worst call.
 */
export function ratedExperience(
  data: Pick<AnalyzeResponseData, 'audioScore' | 'videoScore' | 'experienceScore'>,
): number | null {
  return data.audioScore !== null || data.videoScore !== null ? data.experienceScore : null;
}
