import type { Direction } from '../../computed/rtp-streams.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { byExtent, ms, severitySteps, stepLimit, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { exceedance, flowingStreams, streamSource, streamSubject } from '../support.js';

/** Interarrival jitter of received (or, from RTCP, sent) media. */
export function jitterDetector(type: string, direction: Direction): Detector {
  const inbound = direction === 'inbound';
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `High ${inbound ? 'incoming' : 'outgoing'} media jitter`,
      severities: ['high', 'medium', 'low'],
      tags: ['network', direction, 'audio', 'video'],
      category: 'streams',
      description: inbound
        ? 'Packets of the media received by this client arrived with irregular spacing (RTP interarrival jitter). The jitter buffer has to grow to smooth it out, which adds delay; bursts beyond it are heard as gaps and seen as stutter.'
        : "The receiver of this client's media reported irregular packet arrival (RTCP interarrival jitter): the upstream path queues or reorders packets.",
      remedy:
        'Jitter comes from congested or wireless links (Wi-Fi contention, cellular, bufferbloat). Prefer wired or 5 GHz Wi-Fi, stop competing uploads, enable QoS/SQM on the router.',
      thresholds: [
        { name: 'low', value: 30, unit: 'ms', source: SOURCES.consensusJitter },
        { name: 'medium', value: 50, unit: 'ms', source: SOURCES.consensusJitter },
        { name: 'high', value: 100, unit: 'ms', source: SOURCES.consensusJitter },
      ],
      related: [inbound ? 'networkAudioLossIn' : 'networkAudioLossOut', 'speakerDelay'],
      family: 'network',
      // What packets arriving unevenly bring about on that path.
      explains: [
        'speakerDelay',
        'audioConcealment',
        'audioInterruptions',
        'highFreezeDuration',
        'framesDropped',
        'lowFrameRate',
        'nackStorm',
        'highRetransmissions',
      ],
    },
    applies: (session) =>
      flowingStreams(session, { direction }).some(({ stream }) => stream.series.jitterMs !== undefined),
    run(session) {
      const findings: Finding[] = [];
      for (const pc of session.connections) {
        let worst:
          | { ex: NonNullable<ReturnType<typeof exceedance>>; stream: (typeof pc.streams)[number] }
          | undefined;
        for (const stream of pc.streams) {
          if (stream.direction !== direction || !((stream.totals.packets ?? 0) > 0)) continue;
          const ex = exceedance(stream, 'jitterMs', stepLimit(steps, 'low'));
          if (ex && (!worst || ex.avg > worst.ex.avg)) worst = { ex, stream };
        }
        if (!worst) continue;
        const { ex, stream } = worst;
        // Judge on the average over the call, or on the level reached when jitter was high.
        const base = stepSeverity(Math.max(ex.avg, ex.share >= 0.1 ? ex.avgAbove : 0), steps);
        if (!base) continue;
        findings.push({
          severity: byExtent(base, ex.share),
          source: streamSource(pc, stream),
          ...streamSubject(stream),
          episodes: ex.episodes,
          firstSeenAt: ex.firstAt,
          averageInMs: ex.avg,
          maxInMs: ex.max,
          durationInPercent: ex.share * 100,
          indicators: {
            kind: stream.kind,
            averageMs: ex.avg,
            maxMs: ex.max,
            samplesAbove30msPercent: ex.share * 100,
          },
          meaning: `${stream.kind === 'audio' ? 'Audio' : 'Video'} ${inbound ? 'received' : 'sent'} on ${pc.id} had ${ms(ex.avg)} jitter on average (max ${ms(ex.max)}).`,
        });
      }
      return findings;
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}
