import { flagEpisodes } from '../../computed/episodes.js';
import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

const LIMIT_KBPS = 150;

/** The sender's bandwidth estimate stayed too low for video. */
const detector: Detector = defineDetector({
  meta: {
    type: 'lowBandwidthEstimate',
    title: 'Bandwidth estimate too low',
    severities: ['high', 'medium', 'low'],
    tags: ['network', 'outbound', 'video'],
    category: 'pairs',
    description:
      "While sending video, the congestion controller's estimate of the available outgoing bandwidth (availableOutgoingBitrate) was below 150 kbit/s for a share of the call: video is reduced to a minimum or suspended. Severity grows with the share of the call affected.",
    remedy:
      'The uplink is too slow or congested: other uploads, poor Wi-Fi or cellular signal, or a throttling VPN. Reduce resolution or frame rate proactively on such links.',
    thresholds: [
      {
        name: 'estimate',
        value: LIMIT_KBPS,
        unit: 'kbit/s',
        source:
          'webrtc-issue-detector AvailableOutgoingBitrate (video sending and estimate below 100 kbit/s); 150 leaves room for audio',
      },
      { name: 'low', value: 5, unit: '% of samples', source: 'share of the call' },
      { name: 'medium', value: 20, unit: '% of samples', source: 'share of the call' },
      { name: 'high', value: 50, unit: '% of samples', source: SOURCES.clientMonitor },
    ],
    related: ['bandwidthLimitation', 'networkVideoLossOut'],
  },
  applies: (session) =>
    session.connections.some(
      (pc) =>
        pc.ice.bandwidth &&
        pc.streams.some(
          (s) => s.kind === 'video' && s.direction === 'outbound' && (s.totals.packets ?? 0) > 0,
        ),
    ),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const bw = pc.ice.bandwidth;
      const video = pc.streams.find(
        (s) => s.kind === 'video' && s.direction === 'outbound' && s.firstPacketAt !== undefined,
      );
      if (!bw || !video) return [];
      let samples = 0;
      let low = 0;
      let firstAt: number | undefined;
      let min = Number.POSITIVE_INFINITY;
      // 1 where the estimate was under the limit while video was sent, for the episodes.
      const under = new Float64Array(bw.t.length).fill(Number.NaN);
      for (let i = 0; i < bw.t.length; i++) {
        const v = bw.availableOutgoingKbps[i]!;
        if (!Number.isFinite(v) || bw.t[i]! < video.firstPacketAt! || bw.t[i]! > video.lastSeenAt) continue;
        samples++;
        min = Math.min(min, v);
        under[i] = v < LIMIT_KBPS ? 1 : 0;
        if (v < LIMIT_KBPS) {
          low++;
          firstAt ??= bw.t[i];
        }
      }
      const stretches = flagEpisodes(bw.t, under).map((e) => ({ start: e.start, end: e.end }));
      const share = samples ? low / samples : 0;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      return [
        {
          severity,
          source: { pid: pc.id },
          side: 'network',
          direction: 'outbound',
          episodes: stretches,
          firstSeenAt: stretches[0]?.start ?? firstAt,
          durationInPercent: share * 100,
          indicators: { minEstimateKbps: min, samplesBelowLimitPercent: share * 100 },
          meaning: `The outgoing bandwidth estimate of ${pc.id} was below ${LIMIT_KBPS} kbit/s during ${pct(share * 100, 0)} of the video (lowest ${Math.round(min)} kbit/s).`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta. */
const STEPS = severitySteps(detector.meta.thresholds, 100);

export default detector;
