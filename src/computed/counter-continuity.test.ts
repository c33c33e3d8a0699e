import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { continued, resetPoints, withoutResumeJumps } from './counter-continuity.js';
import { streamLossPercent } from './rtp-streams.js';
import type { SessionView } from './session-view.js';

const streamOf = (session: SessionView, id: string) => {
  const found = session.connections.flatMap((pc) => pc.streams).find((s) => s.id === id);
  if (!found) throw new Error(`no stream ${id}`);
  return found;
};

describe('counters on real dumps', () => {
  it('a sender rebuilt behind the same stats id (screen share) counts both halves of the stream', async () => {
    // The camera's 6 671 packets, then the screen's 5 076 after removeStream/addStream.
    const sent = streamOf(
      await fixtureSession('jitsi/google-legacy-screenshare-p2p')(),
      'ssrc_1497439537_send',
    );
    expect(sent.totals.packets).toBe(6671 + 5076);
    // The interval of the reset has a rate, not a hole.
    const rates = Array.from(sent.series.packetRate ?? []);
    expect(rates.filter((r) => Number.isNaN(r))).toHaveLength(1);
    expect(Math.min(...rates.filter((r) => Number.isFinite(r)))).toBeGreaterThanOrEqual(0);
  });

  it('a paused video that resumes is not loss when the connection carried audio through the pause', async () => {
    const session = await fixtureSession('jitsi/google-legacy-stats-p2p')();
    const video = streamOf(session, 'ssrc_891790093_recv');
    // 959 packets; the counter jumped from 1 to 212 when 12 packets arrived after a 30 s pause.
    expect(video.totals.packets).toBe(959);
    expect(video.totals.packetsLost).toBe(1);
    expect(streamLossPercent(video)).toBeLessThan(0.2);
    expect(Math.max(...Array.from(video.series.lossPercent ?? []).filter(Number.isFinite))).toBeLessThan(5);
  });

  it('an outage keeps its loss: nothing else arrived while the stream was silent', async () => {
    const session = await fixtureSession('chromium156/outage/webrtc_internals_dump.txt')();
    const video = session.connections
      .flatMap((pc) => pc.streams)
      .find((s) => s.direction === 'inbound' && s.kind === 'video');
    expect(streamLossPercent(video!)).toBeGreaterThan(10);
  });
});

describe('resetPoints', () => {
  it('finds a fall of the packet counter and a new SSRC, not a wobble', () => {
    expect(resetPoints([0, 500, 1000, 998, 1010, 20, 40], undefined)).toEqual([5]);
    expect(resetPoints([10, 20, 30, 40], [1, 1, 2, 2])).toEqual([2]);
    expect(resetPoints([Number.NaN, 5, Number.NaN, 2], undefined)).toEqual([3]);
    expect(resetPoints(undefined, undefined)).toEqual([]);
  });
});

describe('continued', () => {
  it('carries what was reached before each reset', () => {
    expect(Array.from(continued([0, 5, 10, 1, 3, 0, 2], [3, 5]))).toEqual([0, 5, 10, 11, 13, 13, 15]);
  });
  it('returns the counter itself when nothing was reset', () => {
    const counter = [1, 2, 3];
    expect(continued(counter, [])).toBe(counter);
  });
  it('keeps missing samples missing', () => {
    expect(Array.from(continued([4, Number.NaN, 1], [2]))).toEqual([4, Number.NaN, 5]);
  });
});

describe('withoutResumeJumps', () => {
  const t = [0, 1000, 2000, 3000, 4000, 5000];
  const received = [10, 20, 20, 20, 25, 40];
  const lost = [0, 0, 0, 0, 90, 91];
  it('takes out a jump that has no matching packets when the path was up', () => {
    expect(Array.from(withoutResumeJumps(lost, received, t, () => true))).toEqual([0, 0, 0, 0, 0, 1]);
  });
  it('keeps it when nothing else arrived (an outage)', () => {
    expect(withoutResumeJumps(lost, received, t, () => false)).toBe(lost);
  });
  it('keeps loss after a silence shorter than 2 s: gaps between packets of a slow stream', () => {
    const fast = [0, 500, 1000, 1500, 2000, 2500];
    expect(withoutResumeJumps(lost, received, fast, () => true)).toBe(lost);
  });
  it('keeps loss that came with packets, and loss without a pause', () => {
    expect(withoutResumeJumps([0, 0, 0, 0, 3, 4], received, t, () => true)).toEqual([0, 0, 0, 0, 3, 4]);
    expect(withoutResumeJumps([0, 50, 60], [10, 20, 30], [0, 1, 2], () => true)).toEqual([0, 50, 60]);
  });
});
