import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import {
  type Direction,
  type MediaKind,
  type RtpStream,
  streamLossPercent,
} from '../../computed/rtp-streams.js';
import type { SessionView } from '../../computed/session-view.js';
import type { Tag } from '../../model/payload/observation.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { byExtent, pct, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import {
  directionLabel,
  type Exceedance,
  exceedance,
  flowingStreams,
  kindLabel,
  streamSource,
  streamSubject,
} from '../support.js';

/** Below this many packets (received + lost, or sent) a percentage is noise: 1 lost of 20 is 5 %. */
const MIN_PACKETS = 100;

/**
 * Packet loss of one kind and direction. Loss is judged per connection on its worst stream, over
 * the whole recording (lost / (lost + received), or the receiver's report of what we sent), and
 * scaled by how much of the call had lossy intervals.
 */
export function lossDetector(type: string, kind: MediaKind, direction: Direction): Detector {
  const inbound = direction === 'inbound';
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `${kindLabel(kind)} packet loss (${inbound ? 'incoming' : 'outgoing'})`,
      severities: ['high', 'medium', 'low'],
      tags: ['network', kind, direction] as Tag[],
      category: 'streams',
      description: inbound
        ? `${kindLabel(kind)} packets sent to this client were lost on the way. ${kind === 'audio' ? 'Lost audio is concealed by the decoder and heard as robotic or choppy speech.' : 'Lost video packets cause retransmissions, keyframe requests, freezes and lower quality.'}`
        : `${kindLabel(kind)} packets this client sent were reported lost by the receiver (RTCP receiver reports). The problem is on the upstream path: the client's uplink, Wi-Fi, or the route to the peer or server.`,
      remedy: inbound
        ? 'Check the network of this client (Wi-Fi signal, congestion, VPN) and the path from the sender or media server. Persistent loss on every stream points at the local access network.'
        : "Check the client's uplink (Wi-Fi, cellular, shared upload), and whether a TURN relay or media server nearer to the user helps. Lower the sending bitrate when the uplink is saturated.",
      thresholds: [
        { name: 'low', value: 2, unit: '%', source: SOURCES.consensusLoss },
        {
          name: 'medium',
          value: 3,
          unit: '%',
          source: `${SOURCES.consensusLoss}; testRTC flags loss above 4 %`,
        },
        { name: 'high', value: 5, unit: '%', source: `${SOURCES.consensusLoss}: above 5 % is bad` },
        {
          name: 'packets',
          value: MIN_PACKETS,
          unit: 'packets',
          source:
            'callscope: streams with fewer packets are not judged (a percentage of a few packets is noise)',
        },
      ],
      related: [
        kind === 'audio' ? 'audioConcealment' : 'highFreezeDuration',
        inbound ? 'networkMediaJitterIn' : 'networkMediaJitterOut',
      ],
    },
    // Inputs: a loss count for a stream that carried media (receiver reports, for outgoing streams).
    applies: (session) =>
      flowingStreams(session, { kind, direction }).some(
        ({ stream }) => streamLossPercent(stream) !== undefined,
      ),
    run(session: SessionView): Finding[] {
      const findings: Finding[] = [];
      for (const pc of session.connections) {
        const worst = worstStream(pc, kind, direction);
        if (!worst) continue;
        const { stream, loss } = worst;
        const base = stepSeverity(loss, steps);
        if (!base) continue;
        const lossy = exceedance(stream, 'lossPercent', LOSSY_INTERVAL_PERCENT);
        const severity = byExtent(base, lossy?.share ?? 1);
        const affected = pc.streams.filter(
          (s) =>
            s.kind === kind &&
            s.direction === direction &&
            (streamLossPercent(s) ?? 0) >= stepLimit(steps, 'low'),
        ).length;
        findings.push({
          severity,
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: lossy?.episodes,
          firstSeenAt: lossy?.firstAt ?? stream.firstPacketAt,
          valueInPercent: loss,
          durationInPercent: lossy ? lossy.share * 100 : undefined,
          valueInCount: inbound ? stream.totals.packetsLost : stream.totals.remotePacketsLost,
          indicators: {
            lossPercent: loss,
            packets: stream.totals.packets ?? null,
            lostPackets: (inbound ? stream.totals.packetsLost : stream.totals.remotePacketsLost) ?? null,
            lossyIntervalsPercent: lossy ? lossy.share * 100 : null,
            maxIntervalLossPercent: lossy?.max ?? null,
            affectedStreams: affected,
          },
          meaning: `${pct(loss)} of the ${kind} packets ${directionLabel(direction)} were lost${extent(lossy)}.`,
        });
      }
      return findings;
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}

/** An interval that lost more than this share of its packets is lossy. */
const LOSSY_INTERVAL_PERCENT = 2;

/**
 * How much of the stream the loss was spread over, as the end of the meaning sentence. The share
 * is of the intervals that were measured (receiver reports can start late or be sparse), not of
 * the call's duration.
 */
function extent(lossy: Exceedance | undefined): string {
  if (!lossy) return '';
  // Counters include loss from before the recording started, which no recorded interval shows.
  if (lossy.above === 0) return `, though no recorded interval lost more than ${LOSSY_INTERVAL_PERCENT} %`;
  const share = lossy.share * 100;
  return `, more than ${LOSSY_INTERVAL_PERCENT} % in ${pct(share, share < 1 ? 1 : 0)} of the measured intervals`;
}

function worstStream(
  pc: PeerConnectionView,
  kind: MediaKind,
  direction: Direction,
): { stream: RtpStream; loss: number } | undefined {
  let best: { stream: RtpStream; loss: number } | undefined;
  for (const stream of pc.streams) {
    if (stream.kind !== kind || stream.direction !== direction || !((stream.totals.packets ?? 0) > 0))
      continue;
    const loss = streamLossPercent(stream);
    const lost = (direction === 'inbound' ? stream.totals.packetsLost : stream.totals.remotePacketsLost) ?? 0;
    if ((stream.totals.packets ?? 0) + Math.max(0, direction === 'inbound' ? lost : 0) < MIN_PACKETS)
      continue;
    if (loss !== undefined && (!best || loss > best.loss)) best = { stream, loss };
  }
  return best;
}
