import { describe, expect, it } from 'vitest';
import { connection, lifecycle, mediaRequest, session, T0 } from '../../test/builders/session.js';
import { HANG_BOUND_MS, hangBoundMs, withinHangBound } from '../../test/support/hang-bound.js';
import { mediaRequests } from '../computed/media-requests.js';
import { signaling } from '../computed/signaling.js';
import iceFailure from '../detectors/connections/ice-failure.js';
import notReadable from '../detectors/devices/get-user-media-not-readable.js';
import { isDumpError } from '../ingest/index.js';
import { GUM } from '../ingest/media-events.js';
import { StatsStore } from '../model/stats-report.js';
import type { TraceEvent } from '../model/trace-event.js';
import { connectivityScore } from '../scoring/connectivity.js';
import { analyzeDump } from './analyze-dump.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Longest a whole analysis of the 100 000-key documents may take on a quiet machine: about 0.6 s
 * here, and 17 s when each key was looked up in the list of those before it. Wider than
 * HANG_BOUND_MS, as this times reading and analyzing a 1.3 MB document, not one parse; it grows
 * with the machine's load as that bound does.
 */
const documentBoundMs = () => (5000 / HANG_BOUND_MS) * hangBoundMs();

/**
 * Dumps no call makes, but an attacker can send for free (a failed analysis spends no credit): each
 * was a loop that compared every item of a collection the dump controls with every other, and held
 * an analysis worker for minutes (issue 26). The sizes are such that the quadratic loop takes tens
 * of seconds and the linear one well under the hang bound; bench:hostile measures the growth.
 */
describe('collections a dump controls are read in linear time', () => {
  it('a webrtc-internals export with 100 000 top-level keys', { timeout: 120_000 }, async () => {
    const keys = Object.fromEntries(range(100_000).map((i) => [`k${i}`, i]));
    const dump = Buffer.from(JSON.stringify({ ...keys, PeerConnections: {}, UserAgent: 'UA 1' }));
    const start = performance.now();
    const { data } = await analyzeDump(dump);
    expect(performance.now() - start).toBeLessThan(documentBoundMs());
    expect(data.pConnectionsNumber).toBe(0);
    expect(data.userAgentData).toMatchObject({ userAgent: 'UA 1' });
  });

  it('a JSON object of 100 000 keys that is not a dump is refused, naming its first keys', {
    timeout: 120_000,
  }, async () => {
    const dump = Buffer.from(JSON.stringify(Object.fromEntries(range(100_000).map((i) => [`k${i}`, i]))));
    const start = performance.now();
    const error = await analyzeDump(dump).catch((e: unknown) => e);
    expect(performance.now() - start).toBeLessThan(documentBoundMs());
    expect(isDumpError(error)).toBe(true);
    expect((error as Error).message).toContain('(found: k0, k1, k2, k3, k4, k5, k6, k7)');
  });

  it('100 000 getUserMedia requests answered only after the last was made, oldest first', () => {
    const n = 100_000;
    const events: TraceEvent[] = [
      ...range(n).map((i) => ({ type: GUM, timestamp: T0 + i, value: { audio: true } })),
      ...range(n).map((i) => ({
        type: `${GUM}OnFailure`,
        timestamp: T0 + n + i,
        value: { name: 'NotReadableError', message: `m${i}` },
      })),
    ];
    const requests = withinHangBound(() => mediaRequests(events));
    expect(requests).toHaveLength(n);
    expect(requests.every((r, i) => r.outcome === 'failure' && r.errorMessage === `m${i}`)).toBe(true);
  });

  it('100 000 failed getUserMedia requests, the camera obtained by the very last request', () => {
    const failures = range(100_000).map((i) =>
      mediaRequest({
        at: T0 + i,
        outcome: 'failure',
        errorName: 'NotReadableError',
        audio: null,
        video: true,
        tracks: [],
      }),
    );
    const last = mediaRequest({
      at: T0 + 200_000,
      audio: null,
      video: true,
      tracks: [{ kind: 'video', id: 'v', label: 'camera' }],
    });
    const s = session({ mediaRequests: [...failures, last] });
    const [o] = withinHangBound(() => notReadable.run(s, { observations: [] }));
    expect(o).toMatchObject({ severity: 'low', valueInCount: 100_000 });
    expect(o!.indicators).toMatchObject({ recovered: true, failures: 100_000 });
  });

  it('100 000 legacy onaddstream events, each naming two tracks, one named twice', () => {
    const n = 100_000;
    const events: TraceEvent[] = range(n).map((i) => ({
      type: 'onaddstream',
      timestamp: T0 + i,
      value: `s${i} audio:a${i},video:v${i}`,
    }));
    events.push({ type: 'onaddstream', timestamp: T0 + n, value: 'again audio:a7' });
    const { remoteTracks } = withinHangBound(() =>
      signaling({ id: 'PC_0', events, stats: new StatsStore(), flags: {} }),
    );
    expect(remoteTracks).toHaveLength(2 * n);
    expect(remoteTracks.filter((t) => t.trackId === 'a7')).toEqual([
      { kind: 'audio', trackId: 'a7', at: T0 + 7 },
    ]);
  });

  it('100 000 failed side connections beside the one that carried the call', () => {
    const failed = lifecycle({ failed: true, everConnected: false, iceConnected: false, wasUp: false });
    const side = range(100_000).map((i) => connection({ id: `probe${i}`, lifecycle: failed, streams: [] }));
    const call = connection({ id: 'call', lifecycle: lifecycle({ wasUp: true }) });
    const s = session({ connections: [...side, call] });
    const observations = withinHangBound(() => iceFailure.run(s, { observations: [] }));
    expect(observations).toHaveLength(100_000);
    expect(
      observations.every((o) => o.severity === 'medium' && o.meaning.endsWith('call carried the call.')),
    ).toBe(true);
    expect(withinHangBound(() => connectivityScore(s.connections))).not.toBeNull();
  });
});
