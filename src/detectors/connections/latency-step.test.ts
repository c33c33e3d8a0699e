import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../../test/support/detector-cases.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { RtpStream } from '../../computed/rtp-streams.js';
import { kthSmallest } from '../../computed/series-math.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { releaseRunMemos } from '../run-memo.js';
import { THRESHOLDS } from './congestion-signal.js';
import { latencyStep } from './latency-step.js';

/** latencyStep as first written: every sample of every stream checked against the window. */
function latencyStepByScan(pc: PeerConnectionView, start: number, end: number): boolean {
  const all: number[] = [];
  for (const s of pc.streams)
    for (let i = activeFrom(s); i < (s.series.rttMs?.length ?? 0); i++)
      if (Number.isFinite(s.series.rttMs![i]!) && s.series.rttMs![i]! >= 0) all.push(s.series.rttMs![i]!);
  if (all.length < 6) return false;
  const baseline = kthSmallest(all, Math.floor(all.length / 10));
  return pc.streams.some((s) => {
    const rtt = s.series.rttMs;
    if (!rtt) return false;
    const inside: number[] = [];
    for (let i = activeFrom(s); i < rtt.length; i++)
      if (s.t[i]! >= start && s.t[i]! <= end && Number.isFinite(rtt[i]!) && rtt[i]! >= 0)
        inside.push(rtt[i]!);
    const raised = inside.filter((v) => v >= baseline + THRESHOLDS.latencyStepMs);
    if (raised.length < 3 || raised.length < 0.75 * inside.length) return false;
    const mean = raised.reduce((a, b) => a + b, 0) / raised.length;
    const sd = Math.sqrt(raised.reduce((a, b) => a + (b - mean) ** 2, 0) / raised.length);
    return sd < THRESHOLDS.steadyVariation * mean;
  });
}

/** The connection with each stream's samples in reverse order: times that go back. */
function reversed(pc: PeerConnectionView): PeerConnectionView {
  const streams = pc.streams.map((s): RtpStream => {
    const rttMs = s.series.rttMs ? Array.from(s.series.rttMs).reverse() : undefined;
    return { ...s, t: Array.from(s.t).reverse(), series: { ...s.series, rttMs } } as RtpStream;
  });
  return { ...pc, streams };
}

/**
 * Windows over the call: every pair of `n` times spread from before its start to after its end,
 * and of `n` sample times (a window that starts or ends at a sample holds it).
 */
function windows(pc: PeerConnectionView, n: number): [number, number][] {
  const times = pc.streams.flatMap((s) => Array.from(s.t)).filter(Number.isFinite);
  times.sort((a, b) => a - b);
  const from = times[0]! - 5_000;
  const to = times[times.length - 1]! + 5_000;
  const spread = Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));
  const samples = Array.from({ length: n }, (_, i) => times[Math.floor(((times.length - 1) * i) / (n - 1))]!);
  const at = [...spread, ...samples];
  return at.flatMap((a) => at.filter((b) => b >= a).map((b): [number, number] => [a, b]));
}

/**
 * Checks latencyStep against the scan for every window of each connection; returns how many
 * windows held a step, so that a test can tell it saw both answers.
 */
function compareWithScan(connections: readonly PeerConnectionView[], points: number): number {
  let steps = 0;
  for (const pc of connections) {
    for (const [start, end] of windows(pc, points)) {
      const expected = latencyStepByScan(pc, start, end);
      expect(latencyStep(pc, start, end), `${pc.id} ${start}..${end}`).toBe(expected);
      if (expected) steps++;
    }
    releaseRunMemos();
  }
  return steps;
}

describe('latencyStep', () => {
  const session = fixtureSession('chromium156/latency-late/webrtc_internals_dump.txt');

  it('answers as a scan of every sample, for windows anywhere in the call', async () => {
    const { connections } = await session();
    // The fixture's round trip stepped up to a steady 400 ms: some windows see it, others do not.
    expect(compareWithScan(connections, 24)).toBeGreaterThan(0);
  });

  it('answers the same when the times of a stream go back', async () => {
    const { connections } = await session();
    expect(compareWithScan(connections.map(reversed), 12)).toBeGreaterThan(0);
  });
});
