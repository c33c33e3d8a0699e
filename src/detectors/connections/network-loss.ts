import { callClock } from '../../computed/call-times.js';
import { type Episode, episodes, episodesDurationMs } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Direction } from '../../computed/rtp-streams.js';
import { max } from '../../computed/series-math.js';
import type { SessionView } from '../../computed/session-view.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { quarterKey } from '../quarter-key.js';
import { byExtent, ms, pct, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

const THRESHOLDS = {
  /** An interval of the path that lost more than this share of its packets is lossy. */
  lossyInterval: 2,
  low: 2,
  medium: 3,
  high: 5,
  /** An episode this long counts as a tenth of the call at least (see byExtent). */
  memorableMs: 10_000,
  /** Paths that carried fewer packets are not judged: a percentage of a few packets is noise. */
  packets: 100,
} as const;

/** The symptoms packet loss on a path causes, on that path (see the cause layer). */
const CONSEQUENCES = [
  'nackStorm',
  'pliStorm',
  'highRetransmissions',
  'audioConcealment',
  'audioInterruptions',
  'highFreezeDuration',
  'framesDropped',
  'lowFrameRate',
  'resolutionDrop',
  'bandwidthLimitation',
  'lowBandwidthEstimate',
  'speakerDelay',
];

/**
 * Packet loss of a whole network path (every RTP stream of one direction of a connection), as a
 * cause: the loss of each interval over all the path's packets, its episodes, and the rate while
 * they lasted. Audio and video loss on the path, and what loss brings (NACKs, retransmissions,
 * concealment, freezes, a lower bandwidth estimate), are its symptoms.
 */
export function networkLossDetector(type: string, direction: Direction): Detector {
  const inbound = direction === 'inbound';
  const audioType = inbound ? 'networkAudioLossIn' : 'networkAudioLossOut';
  const videoType = inbound ? 'networkVideoLossIn' : 'networkVideoLossOut';
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `Packet loss on the path ${inbound ? 'to this client' : 'from this client'}`,
      severities: ['high', 'medium', 'low'],
      tags: ['network', direction, 'audio', 'video'],
      category: 'connections',
      description: inbound
        ? 'Packets sent to this client were lost on the network path, across all the media it received on the connection: the cause behind concealed audio, frozen or blurred video and retransmission requests in the same stretch.'
        : "Packets this client sent were lost on the way, as the receiver reported it (RTCP receiver reports) for all the media sent on the connection: the cause behind retransmissions, keyframe requests and the sender's lower bitrate in the same stretch.",
      remedy: inbound
        ? "Check this client's network (Wi-Fi signal, congestion, VPN) and the path from the sender or media server; loss that starts mid-call points at a change on the path (a Wi-Fi roam, a competing download)."
        : "Check the client's uplink (Wi-Fi, cellular, a shared upload) and whether a TURN relay or media server nearer to the user helps.",
      thresholds: [
        {
          name: 'lossy interval',
          value: THRESHOLDS.lossyInterval,
          unit: '% of the packets of one stats interval',
          source: SOURCES.consensusLoss,
        },
        {
          name: 'low',
          value: THRESHOLDS.low,
          unit: '% lost during the episodes',
          source: SOURCES.consensusLoss,
        },
        {
          name: 'medium',
          value: THRESHOLDS.medium,
          unit: '% lost during the episodes',
          source: `${SOURCES.consensusLoss}; testRTC flags loss above 4 %`,
        },
        {
          name: 'high',
          value: THRESHOLDS.high,
          unit: '% lost during the episodes',
          source: `${SOURCES.consensusLoss}: above 5 % is bad`,
        },
        {
          name: 'memorable',
          value: THRESHOLDS.memorableMs,
          unit: 'ms: an episode this long is never judged milder for the length of the call',
          source:
            'callscope: byExtent scales by share of the call; ten seconds of loss is noticed whatever the call length',
        },
        {
          name: 'packets',
          value: THRESHOLDS.packets,
          unit: 'packets',
          source:
            'callscope: paths that carried fewer are not judged (a percentage of a few packets is noise)',
        },
      ],
      related: [audioType, videoType, inbound ? 'networkMediaJitterIn' : 'networkMediaJitterOut'],
      family: 'network',
      // Loss makes the sender's estimate back off, on this path; losing the receiver's feedback on
      // the way back does it to the other path's sender too.
      explains: [
        audioType,
        videoType,
        inbound ? 'networkCongestionIn' : 'networkCongestionOut',
        ...CONSEQUENCES,
      ],
      explainsAcross: [
        inbound ? 'networkCongestionOut' : 'networkCongestionIn',
        'bandwidthLimitation',
        'lowBandwidthEstimate',
      ],
    },
    applies: (session) => session.connections.some((pc) => pathLoss(pc, direction) !== undefined),
    run(session: SessionView): Finding[] {
      const at = callClock(session);
      const findings: Finding[] = [];
      for (const pc of session.connections) {
        const path = pathLoss(pc, direction);
        if (!path || path.packets < THRESHOLDS.packets) continue;
        const stretches = episodes(path.t, path.percent, {
          above: THRESHOLDS.lossyInterval,
          inclusive: true,
        });
        if (stretches.length === 0) continue;
        const during = lossWithin(path, stretches);
        const base = stepSeverity(during.percent, steps);
        if (!base) continue;
        const span = path.t[path.t.length - 1]! - path.t[0]!;
        const lastingMs = episodesDurationMs(stretches);
        // A long episode is not judged milder for being a small part of a long call: ten seconds
        // of loss is what people remember of it.
        const share = span > 0 ? Math.min(1, lastingMs / span) : 1;
        const extent = lastingMs >= THRESHOLDS.memorableMs ? Math.max(share, 0.1) : share;
        const first = stretches[0]!;
        const last = stretches[stretches.length - 1]!;
        const whenText =
          stretches.length === 1
            ? `from ${at(first.start)} for ${ms(first.end - first.start)}`
            : `${stretches.length} times between ${at(first.start)} and ${at(last.end)}, ${ms(lastingMs)} in all`;
        findings.push({
          severity: byExtent(base, extent),
          source: { pid: pc.id },
          side: 'network',
          direction,
          episodes: stretches,
          valueInPercent: during.percent,
          valueInCount: during.lost,
          durationInMs: lastingMs,
          durationInPercent: share * 100,
          indicators: {
            lossPercentDuringEpisodes: during.percent,
            lostPackets: during.lost,
            packetsDuringEpisodes: during.packets,
            lossPercentWholeCall: (100 * path.lost) / Math.max(1, path.packets),
            worstIntervalLossPercent: max(stretches.map((e) => e.peak)) ?? null,
            episodes: stretches.length,
          },
          meaning: `The network path ${inbound ? 'to this client' : 'from this client'} lost ${pct(during.percent)} of its packets ${whenText}.`,
        });
      }
      return findings;
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}

interface PathLoss {
  t: number[];
  /** Loss of each interval, percent of the path's packets. */
  percent: number[];
  /** Packets and packets lost in each interval. */
  counts: number[];
  lost: number;
  packets: number;
  lostAt: number[];
}

/**
 * The loss of one direction of a connection per stats interval, over all its streams: each
 * stream's interval loss weighted by its packets in the interval. Samples of one poll share a
 * timestamp (rounded to a quarter second, as formats write them with different precision).
 */
function pathLoss(pc: PeerConnectionView, direction: Direction): PathLoss | undefined {
  const bins = new Map<number, { t: number; packets: number; lost: number }>();
  const streams = pc.streams.filter(
    (s) => s.direction === direction && s.series.lossPercent && s.series.packetRate,
  );
  const quarter = quarterKey(streams.map((s) => s.t));
  for (const s of streams) {
    const loss = s.series.lossPercent!;
    const rate = s.series.packetRate!;
    for (let i = Math.max(1, activeFrom(s)); i < s.t.length; i++) {
      const l = loss[i]!;
      const dt = (s.t[i]! - s.t[i - 1]!) / 1000;
      const carried = rate[i]! * dt;
      if (!Number.isFinite(l) || !(carried > 0) || l < 0) continue;
      // The interval's loss is lost / (lost + arrived) inbound, and the receiver's fraction of what
      // was sent outbound: either way lost = share × the packets the interval should have had.
      const expected = direction === 'inbound' ? carried / (1 - Math.min(l, 99) / 100) : carried;
      const key = quarter(s.t[i]!);
      let bin = bins.get(key);
      if (!bin) {
        bin = { t: s.t[i]!, packets: 0, lost: 0 };
        bins.set(key, bin);
      }
      bin.packets += expected;
      bin.lost += expected * Math.min(l / 100, 1);
    }
  }
  if (bins.size === 0) return undefined;
  const sorted = [...bins.values()].sort((a, b) => a.t - b.t);
  return {
    t: sorted.map((b) => b.t),
    // Rounded to a millionth of a percent: the packets in an interval are recovered from a rate, and
    // an interval that lost exactly 2 % should not read 1.9999999.
    percent: sorted.map((b) => (b.packets > 0 ? roundPercent((100 * b.lost) / b.packets) : Number.NaN)),
    counts: sorted.map((b) => b.packets),
    lostAt: sorted.map((b) => b.lost),
    lost: sorted.reduce((sum, b) => sum + b.lost, 0),
    packets: sorted.reduce((sum, b) => sum + b.packets, 0),
  };
}

/** Packets and loss of the intervals inside the episodes. */
function lossWithin(path: PathLoss, stretches: readonly Episode[]) {
  let packets = 0;
  let lost = 0;
  let j = 0;
  for (let i = 0; i < path.t.length; i++) {
    const t = path.t[i]!;
    while (j < stretches.length && stretches[j]!.end < t) j++;
    const e = stretches[j];
    if (!e || t <= e.start) continue;
    packets += path.counts[i]!;
    lost += path.lostAt[i]!;
  }
  return { packets, lost: Math.round(lost), percent: packets > 0 ? roundPercent((100 * lost) / packets) : 0 };
}

const roundPercent = (p: number): number => Math.round(p * 1e6) / 1e6;
