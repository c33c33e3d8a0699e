import { callClock } from '../../computed/call-times.js';
import type { Episode } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Negotiation } from '../../computed/signaling.js';
import { defineDetector, type Finding } from '../detector.js';
import { ms } from '../severity.js';

const LIMITS = {
  /**
   * A sending stream whose first packets come this soon after a renegotiation was added by it;
   * its bandwidth-limited start is the estimate ramping up for it (Chromium starts a new video
   * from the current estimate, sized for what was sent before: 240p on the recorded call).
   */
  newStreamMs: 5_000,
} as const;

/** What the ramp after a renegotiation brings about, which is not the network's doing. */
const CONSEQUENCES = [
  'bandwidthLimitation',
  'lowBandwidthEstimate',
  'resolutionDrop',
  'lowFrameRate',
  'networkCongestionOut',
];

/** The app renegotiated an established connection (tracks added or removed, directions changed). */
export default defineDetector({
  meta: {
    type: 'renegotiation',
    title: 'Renegotiation',
    severities: ['info'],
    tags: ['behavior', 'configuration'],
    category: 'connections',
    description:
      "The app negotiated again (a new offer and answer) on a connection that was already up, without restarting ICE: it added or removed a track, or changed a transceiver's direction. A video added this way starts from the bandwidth estimate of what was sent before and ramps up over several seconds; that start, with the encoder reporting a bandwidth limitation, is the renegotiation's doing, not the network's.",
    remedy:
      'Nothing to do when intended. Add every track the call will need up front when possible, to skip the ramp.',
    thresholds: [
      {
        name: 'new stream',
        value: LIMITS.newStreamMs,
        unit: 'ms from the answer to the first packets of a stream it added',
        source: 'callscope: stats are polled about once a second; the first frames take one or two polls',
      },
    ],
    related: ['iceRestart', 'bandwidthLimitation', 'trackRemoved', 'highSignalingTime'],
    family: 'application',
    explains: CONSEQUENCES,
  },
  applies: (session) => session.connections.some((pc) => pc.signaling.negotiations.length > 1),
  run: (session) => {
    const clock = callClock(session);
    const findings: Finding[] = [];
    for (const pc of session.connections) {
      const connectedAt = pc.lifecycle.connectedAt;
      if (connectedAt === undefined) continue;
      const again = pc.signaling.negotiations.filter(
        (n, i) =>
          i > 0 &&
          n.completedAt !== undefined &&
          n.startedAt !== undefined &&
          n.startedAt >= connectedAt &&
          !n.error &&
          !restartsIce(pc, n),
      );
      if (again.length === 0) continue;
      const episodes = again.map((n) => rampAfter(pc, n));
      const first = again[0]!;
      findings.push({
        severity: 'info',
        source: { pid: pc.id },
        side: 'local',
        episodes,
        valueInCount: again.length,
        indicators: {
          renegotiations: again.length,
          initiator: first.initiator,
          rampMs: episodes[0]!.end - episodes[0]!.start,
        },
        meaning:
          again.length === 1
            ? `The ${first.initiator === 'local' ? 'app' : 'other side'} renegotiated the connection at ${clock(first.startedAt!)}${rampText(episodes[0]!, first)}.`
            : `The connection was renegotiated ${again.length} times, first at ${clock(first.startedAt!)}.`,
      });
    }
    return findings;
  },
});

function rampText(e: Episode, n: Negotiation): string {
  const ramp = e.end - (n.completedAt ?? e.start);
  return ramp > 0 ? `; the video it added ramped up for ${ms(ramp)}` : '';
}

/** Whether the negotiation changed the ICE credentials (an ICE restart, which iceRestart reports). */
function restartsIce(pc: PeerConnectionView, n: Negotiation): boolean {
  if (n.iceRestart) return true;
  for (const list of [pc.signaling.localDescriptions, pc.signaling.remoteDescriptions]) {
    let before: string | undefined;
    for (const d of list) {
      const ufrag = d.summary.ufrags[0];
      if (ufrag === undefined || d.at === undefined) continue;
      if (d.at >= n.startedAt! && d.at <= n.completedAt! && before !== undefined && ufrag !== before)
        return true;
      if (d.at < n.startedAt!) before = ufrag;
    }
  }
  return false;
}

/**
 * The renegotiation, and the bandwidth-limited start of the sending video streams it added: from
 * the offer to the end of their first limited stretch.
 */
function rampAfter(pc: PeerConnectionView, n: Negotiation): Episode {
  const start = n.startedAt!;
  let end = n.completedAt!;
  for (const s of pc.streams) {
    if (s.direction !== 'outbound' || s.kind !== 'video' || s.firstPacketAt === undefined) continue;
    if (s.firstPacketAt < start || s.firstPacketAt > end + LIMITS.newStreamMs) continue;
    const reasons = s.limitationReasons;
    if (!reasons) continue;
    let i = 0;
    while (i < s.t.length && s.t[i]! < s.firstPacketAt) i++;
    let last: number | undefined;
    for (; i < s.t.length && reasons[i] === 'bandwidth'; i++) last = s.t[i];
    if (last !== undefined && last > end) end = last;
  }
  return { start, end, peak: end - start, peakAt: start };
}
