import { callClock } from '../../computed/call-times.js';
import { episodes, episodesDurationMs } from '../../computed/episodes.js';
import { type Direction, type RtpStream, streamLossPercent } from '../../computed/rtp-streams.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { ms, pct, severitySteps, stepSeverity } from '../severity.js';
import { ratioSeries, streamSource, streamSubject } from '../support.js';

const THRESHOLDS = {
  /** NACKs per 100 packets of an interval above which the receiver is asking for packets again. */
  nacks: 2,
  /** ...while the packets actually lost are at most this share of the NACKed ones. */
  lostShareOfNacked: 0.5,
  low: 2,
  medium: 5,
} as const;

/**
 * Packets that arrive out of order or late: the receiver sends a NACK for each gap in the sequence,
 * and the packet turns up anyway (or its retransmission does), so NACKs pile up while hardly any
 * packet is lost. Jitter and reordering on the path; NACKs and retransmissions are its symptoms.
 */
export function reorderingDetector(type: string, direction: Direction): Detector {
  const inbound = direction === 'inbound';
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `Packets reordered or late on the path ${inbound ? 'to this client' : 'from this client'}`,
      severities: ['medium', 'low'],
      tags: ['network', direction, 'video'],
      category: 'connections',
      description: inbound
        ? 'Video packets reached this client out of order or late: it asked for many of them again (NACKs) though few were lost. The path reorders packets or delays them unevenly (load balancing over several links, Wi-Fi retries, a jittery route); retransmissions cost bandwidth and late frames stutter.'
        : "The receiver asked for many of this client's video packets again (NACKs) though it lost few of them: the path delivers packets out of order or unevenly late. Retransmissions cost this client's upload bandwidth.",
      remedy:
        'Look for a path with uneven delay: Wi-Fi with retries, links bonded or load-balanced per packet, congested routers. A wired connection or a TURN server on a steadier route helps.',
      thresholds: [
        {
          name: 'NACKs',
          value: THRESHOLDS.nacks,
          unit: 'NACKs per 100 packets in an interval',
          source:
            'Open-project consensus: loss matters from 2 % (a NACK is a packet missing when it was expected)',
        },
        {
          name: 'lost share of NACKed',
          value: THRESHOLDS.lostShareOfNacked,
          unit: 'packets lost per NACK, at most',
          source: 'callscope: most NACKed packets arrived after all, so the gap was order, not loss',
        },
        { name: 'low', value: THRESHOLDS.low, unit: 'NACKs per 100 packets', source: 'as NACKs' },
        {
          name: 'medium',
          value: THRESHOLDS.medium,
          unit: 'NACKs per 100 packets',
          source: 'Open-project consensus: loss is bad above 5 %, and so are retransmissions of that share',
        },
      ],
      related: [inbound ? 'networkMediaJitterIn' : 'networkMediaJitterOut', 'nackStorm'],
      family: 'network',
      // Uneven delay also makes a delay-based bandwidth estimate back off.
      explains: [
        'nackStorm',
        'highRetransmissions',
        'pliStorm',
        'framesDropped',
        'highFreezeDuration',
        inbound ? 'networkCongestionIn' : 'networkCongestionOut',
      ],
    },
    applies: (session) => session.connections.some((pc) => pc.streams.some((s) => candidate(s, direction))),
    run(session) {
      const at = callClock(session);
      const findings: Finding[] = [];
      for (const pc of session.connections) {
        for (const stream of pc.streams) {
          if (!candidate(stream, direction)) continue;
          const nacked = ratioSeries(stream.series.nackPerSecond, stream.series.packetRate, 100)!;
          // Stretches of many NACKs whose packets were mostly not lost. Loss is compared over the
          // whole stretch: receiver reports come every second or so, and a report's loss can land
          // in the interval after the NACKs it answers.
          const loss = stream.series.lossPercent;
          const stretches = episodes(stream.t, nacked, { above: THRESHOLDS.nacks, inclusive: true }).filter(
            (e) =>
              !loss ||
              averageWithin(stream, loss, [e]) <=
                THRESHOLDS.lostShareOfNacked * averageWithin(stream, nacked, [e]),
          );
          if (stretches.length === 0) continue;
          const rate = averageWithin(stream, nacked, stretches);
          const severity = stepSeverity(rate, steps);
          if (!severity) continue;
          const lasting = episodesDurationMs(stretches);
          findings.push({
            severity,
            source: streamSource(pc, stream),
            ...streamSubject(stream),
            side: 'network',
            episodes: stretches,
            valueInPercent: rate,
            durationInMs: lasting,
            indicators: {
              nacksPer100Packets: rate,
              streamLossPercent: streamLossPercent(stream) ?? null,
              episodes: stretches.length,
            },
            meaning: `From ${at(stretches[0]!.start)}, for ${ms(lasting)} in all, video packets ${inbound ? 'reached this client' : 'sent by this client arrived'} out of order or late: ${pct(rate)} of them were asked for again though few were lost.`,
          });
        }
      }
      return findings;
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}

const candidate = (s: RtpStream, direction: Direction): boolean =>
  s.direction === direction &&
  s.kind === 'video' &&
  s.series.nackPerSecond !== undefined &&
  s.series.packetRate !== undefined &&
  (s.totals.packets ?? 0) > 0;

/** Mean of a series over the samples inside the episodes. */
function averageWithin(
  stream: RtpStream,
  values: ArrayLike<number>,
  stretches: readonly { start: number; end: number }[],
): number {
  let sum = 0;
  let n = 0;
  let j = 0;
  for (let i = 0; i < values.length; i++) {
    const t = stream.t[i]!;
    while (j < stretches.length && stretches[j]!.end < t) j++;
    const e = stretches[j];
    if (!e || t <= e.start || !Number.isFinite(values[i]!)) continue;
    sum += values[i]!;
    n++;
  }
  return n > 0 ? sum / n : 0;
}
