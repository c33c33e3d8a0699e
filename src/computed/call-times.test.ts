import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump, readSessionView } from '../analysis/analyze-dump.js';
import { renderSummary } from '../cli/summary.js';
import { callTimes } from './call-times.js';

const CLEAN = fixture('chromium156', 'clean', 'webrtc_internals_dump.txt');

/**
 * The recorded clean call with one more getUserMedia request, made `hoursBefore` hours before the
 * call: webrtc-internals keeps every request of the pages it watched (a camera preview, an earlier
 * call in another tab) for as long as it stays open.
 */
function withEarlyRequest(hoursBefore: number): Buffer {
  const dump = JSON.parse(readFileSync(CLEAN, 'utf8')) as { getUserMedia: Record<string, unknown>[] };
  const first = dump.getUserMedia[0]!;
  const at = Number(first.timestamp) - hoursBefore * 3_600_000;
  dump.getUserMedia.unshift({ ...first, request_id: '99', timestamp: at });
  return Buffer.from(JSON.stringify(dump));
}

describe('callTimes', () => {
  it('runs from the first connection activity to the last, not from getUserMedia', async () => {
    const session = await readSessionView(CLEAN);
    const { start, end } = callTimes(session);
    const pc = session.connections[0]!;
    expect(start).toBe(Math.min(pc.lifecycle.firstEventAt!, pc.statsRange!.first));
    expect(end).toBe(Math.max(pc.lifecycle.lastEventAt!, pc.statsRange!.last));
    // The camera was opened before the connection was created.
    expect(session.mediaRequests[0]!.at!).toBeLessThan(start!);
  });

  it('a request hours before the call neither starts the call nor stretches it, and is still listed', async () => {
    const { data } = await analyzeDump(withEarlyRequest(2));
    const { data: recorded } = await analyzeDump(CLEAN);
    expect(data.durationMs).toBe(recorded.durationMs);
    expect(data.durationMs).toBeLessThan(35_000);
    expect(data.callStart).toBe(recorded.callStart);
    expect(data.metadata.mediaRequests).toHaveLength(recorded.metadata.mediaRequests.length + 1);
    const earliest = Math.min(...data.metadata.mediaRequests.map((r) => Number(r.at)));
    expect(earliest).toBeLessThan(Date.parse(data.callStart!) - 7_000_000);
  });

  it('the summary shows the requests apart, with how long before the call the first came', async () => {
    const { data } = await analyzeDump(withEarlyRequest(2));
    const lines = renderSummary('call.txt', data).split('\n');
    expect(lines).toContain('  media         2 device requests, the first 2 h 0 min before the call');
    expect(lines.find((l) => l.startsWith('  call  '))).toMatch(/\(30\.\d s\)$/);
  });

  it('a dump of getUserMedia alone is timed by its requests', async () => {
    const session = await readSessionView(fixture('rtcstats', 'internals-gumonly.gz'));
    expect(session.connections.every((pc) => !pc.statsRange && pc.lifecycle.firstEventAt === undefined)).toBe(
      true,
    );
    const { start, end } = callTimes(session);
    expect(start).toBe(Math.min(...session.mediaRequests.map((r) => r.at!)));
    expect(end! - start!).toBeGreaterThan(0);
  });
});
