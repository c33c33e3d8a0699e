import { readFileSync } from 'node:fs';
import { fixture } from './fixtures.js';

interface Truth {
  timeline?: { role: string; action: string; atSec: number; wallClock: string }[];
}

/**
 * When the recording tool did the `index`-th thing of a recorded call's timeline (an impairment
 * switched on or off, an app action), epoch ms: the same clock as the dumps' timestamps.
 */
export function truthTime(scenario: string, index = 0): number {
  const truth = JSON.parse(readFileSync(fixture('chromium156', scenario, 'truth.json'), 'utf8')) as Truth;
  const step = truth.timeline?.[index];
  if (!step) throw new Error(`${scenario}: no timeline step ${index}`);
  return Date.parse(step.wallClock);
}

/** Onsets within this of the truth are right: stats are polled once a second, reports lag. */
export const ONSET_TOLERANCE_MS = 3_000;
