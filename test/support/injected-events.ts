import { readFileSync } from 'node:fs';
import { readSessionView } from '../../src/analysis/analyze-dump.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { fixture } from './fixtures.js';

/**
 * A real rtcstats dump (file format 2, one `[method, pcId, value, time]` record a line) with one
 * record added after its line `afterLine` (1-based), timed like that line: for what the recorded
 * calls cannot show (a STUN name that does not resolve on a network that has DNS).
 */
export function withRecord(path: string, afterLine: number, method: string, value: unknown): Buffer {
  const lines = readFileSync(fixture(...path.split('/')), 'utf8').split('\n');
  const anchor = JSON.parse(lines[afterLine - 1]!) as unknown[];
  lines.splice(afterLine, 0, JSON.stringify([method, anchor[1], value, anchor[3]]));
  return Buffer.from(lines.join('\n'));
}

export const sessionOf = (bytes: Buffer): (() => Promise<SessionView>) => {
  let cached: Promise<SessionView> | undefined;
  return () => {
    cached ??= readSessionView(bytes);
    return cached;
  };
};
