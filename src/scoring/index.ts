import { appendAll, distributionOf } from '../computed/series-math.js';
import type { SessionView } from '../computed/session-view.js';
import type { Observation } from '../model/payload/observation.js';
import { audioMosSeries } from './audio.js';
import { connectivityScore } from './connectivity.js';
import { EXPERIENCE, OBSERVATIONS_MAX } from './constants.js';
import { observationsScore } from './observations.js';
import { videoMosSeries } from './video.js';

export interface Scores {
  experienceScore: number;
  audioScore: number | null;
  videoScore: number | null;
  connectivityScore: number | null;
  observationsScore: number;
}

export type MosScope = 'in_audio' | 'out_audio' | 'in_video' | 'out_video';

export interface SessionScores {
  scores: Scores;
  /** Per-sample MOS pooled by scope, for aggregatedStats (`mos_<scope>_<agg>_score`). */
  mos: Record<MosScope, number[]>;
}

const mean = (values: readonly number[]): number | undefined =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;

/** Every score of a session, from its streams, connections and observations (see docs/scoring.md). */
export function scoreSession(session: SessionView, observations: readonly Observation[]): SessionScores {
  const mos: Record<MosScope, number[]> = { in_audio: [], out_audio: [], in_video: [], out_video: [] };
  for (const pc of session.connections) {
    for (const stream of pc.streams) {
      if (!((stream.totals.packets ?? 0) > 0)) continue;
      const scope = `${stream.direction === 'inbound' ? 'in' : 'out'}_${stream.kind}` as MosScope;
      const series =
        stream.kind === 'audio'
          ? audioMosSeries(pc, stream)
          : videoMosSeries(
              stream,
              pc.tracks.find((t) => t.streamId === stream.id),
            );
      appendAll(mos[scope], series);
    }
  }
  const byDirection = (a: number[], b: number[]) => {
    const parts = [mean(a), mean(b)].filter((v): v is number => v !== undefined);
    return parts.length ? parts.reduce((x, y) => x + y, 0) / parts.length : null;
  };
  const audioScore = byDirection(mos.in_audio, mos.out_audio);
  const videoScore = byDirection(mos.in_video, mos.out_video);
  const connectivity = connectivityScore(session.connections);
  const obsScore = observationsScore(observations);
  return {
    scores: {
      experienceScore: experienceScore(audioScore, videoScore, connectivity, obsScore),
      audioScore,
      videoScore,
      connectivityScore: connectivity,
      observationsScore: obsScore,
    },
    mos,
  };
}

/**
 * 0–100: media quality (audio and video MOS combined, 1 → 0 and 4.5 → 100), scaled down by poor
 * connectivity (factor 0.7 at score 1) and by observations (factor 0.6 at score 0). 0 without media.
 */
export function experienceScore(
  audio: number | null,
  video: number | null,
  connectivity: number | null,
  observations: number,
): number {
  let media: number;
  if (audio !== null && video !== null)
    media =
      (EXPERIENCE.audioWeight * audio + EXPERIENCE.videoWeight * video) /
      (EXPERIENCE.audioWeight + EXPERIENCE.videoWeight);
  else if (audio !== null) media = audio;
  else if (video !== null) media = video;
  else return 0;
  const quality = Math.min(1, Math.max(0, (media - 1) / (EXPERIENCE.maxMos - 1)));
  const connectivityFactor =
    connectivity === null
      ? 1
      : EXPERIENCE.connectivityMin + ((1 - EXPERIENCE.connectivityMin) * (connectivity - 1)) / 4;
  const observationsFactor =
    EXPERIENCE.observationsMin + ((1 - EXPERIENCE.observationsMin) * observations) / OBSERVATIONS_MAX;
  return 100 * quality * connectivityFactor * observationsFactor;
}

/** aggregatedStats entries for MOS. */
export function mosAggregates(mos: Record<MosScope, number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [scope, values] of Object.entries(mos)) {
    const d = distributionOf(values);
    if (!d) continue;
    for (const agg of ['avg', 'min', 'max', 'p5', 'p95', 'stddev'] as const)
      out[`mos_${scope}_${agg}_score`] = d[agg];
  }
  return out;
}
