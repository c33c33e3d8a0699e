import { readFileSync } from 'node:fs';
import { readSessionView } from '../../src/analysis/analyze-dump.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { fixture } from './fixtures.js';

/**
 * A real webrtc-internals export of test/fixtures with its event log recorded to the second, as
 * exports before M117 recorded it (locale times, whole seconds): every log time is rounded down to
 * its second, everything else is the recorded dump.
 */
export function wholeSecondDump(path: string): Buffer {
  const dump = JSON.parse(readFileSync(fixture(...path.split('/')), 'utf8')) as {
    PeerConnections: Record<string, { updateLog: { timestamp: number }[] }>;
  };
  for (const pc of Object.values(dump.PeerConnections))
    for (const e of pc.updateLog) e.timestamp = Math.floor(e.timestamp / 1000) * 1000;
  return Buffer.from(JSON.stringify(dump));
}

export const wholeSecondSession = (path: string): (() => Promise<SessionView>) => {
  let cached: Promise<SessionView> | undefined;
  return () => {
    cached ??= readSessionView(wholeSecondDump(path));
    return cached;
  };
};
