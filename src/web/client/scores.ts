import { num } from './format.js';

interface Scores {
  experienceScore: number;
  audioScore: number | null;
  videoScore: number | null;
}

/**
 * The experience score as the session header shows it, with its colour band. With no audio and no
 * video there is nothing to score: the payload says 0 by specification, which is not a bad call,
 * so it reads "not scored" in the neutral colour (the sessions list shows "–").
 */
export function experience(d: Scores): { text: string; band: 'high' | 'medium' | 'low' | 'unrated' } {
  if (d.audioScore === null && d.videoScore === null)
    return { text: 'not scored (no audio or video was exchanged)', band: 'unrated' };
  const score = d.experienceScore;
  return {
    text: `${num(score, 0)} / 100`,
    band: score >= 80 ? 'high' : score >= 60 ? 'medium' : 'low',
  };
}
