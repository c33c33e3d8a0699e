import type { StatsReport } from '../../model/stats-report.js';
import { toNumber } from '../../model/stats-report.js';
import { type AttributeSource, MappedStatsReport, seriesOf } from './mapped-report.js';

/**
 * Legacy (callback-based, "goog") getStats, as recorded by Chrome before ~M122 and by old rtcstats
 * clients, presented as standard stats so one analysis serves every era. Units follow the goog
 * names: googRtt and googJitterReceived are milliseconds (standard: seconds), audio levels are
 * 0..32767 (standard: 0..1). Their RTT and jitter read -1 until the first RTCP report: not a value.
 */

const AUDIO_CODECS = /^(opus|isac|g722|pcmu|pcma|ilbc|red|cn|telephone-event)$/i;

function kindOf(report: StatsReport): 'audio' | 'video' {
  const media = report.last('mediaType') ?? report.last('kind');
  if (media === 'audio' || media === 'video') return media;
  const codec = report.last('googCodecName');
  if (typeof codec === 'string' && codec !== '') return AUDIO_CODECS.test(codec) ? 'audio' : 'video';
  for (const a of ['audioOutputLevel', 'audioInputLevel', 'googExpandRate', 'totalAudioEnergy'])
    if (report.has(a)) return 'audio';
  return 'video';
}

/** The first of several goog attributes present (frame rates have three names across versions). */
const firstOf =
  (...names: string[]) =>
  (base: StatsReport): ArrayLike<unknown> | undefined => {
    for (const n of names) if (base.has(n)) return base.values(n);
    return undefined;
  };

const truthy = (v: unknown): boolean => v === true || v === 'true';

function qualityLimitation(base: StatsReport): ArrayLike<unknown> | undefined {
  const cpu = base.values('googCpuLimitedResolution');
  const bw = base.values('googBandwidthLimitedResolution');
  if (!cpu && !bw) return undefined;
  return seriesOf(base.size, (i) => (truthy(cpu?.[i]) ? 'cpu' : truthy(bw?.[i]) ? 'bandwidth' : 'none'));
}

function ssrcOf(report: StatsReport): AttributeSource {
  if (report.has('ssrc')) return { from: 'ssrc', map: (v) => toNumber(v) };
  const m = /^ssrc_(\d+)_/.exec(report.id);
  return { constant: m ? Number(m[1]) : undefined };
}

export function mapGoogSsrc(report: StatsReport): StatsReport[] {
  const kind = kindOf(report);
  const send = report.id.endsWith('_send');
  const common: Record<string, AttributeSource> = {
    ssrc: ssrcOf(report),
    kind: { constant: kind },
    trackIdentifier: { from: 'googTrackId' },
    codecName: { from: 'googCodecName' },
    contentType: { from: 'googContentType', map: (v) => (v === 'screen' ? 'screenshare' : v) },
  };
  if (send) {
    const outbound = new MappedStatsReport(report.id, 'outbound-rtp', report, {
      ...common,
      framesPerSecond: { from: 'googFrameRateSent' },
      frameWidth: { from: 'googFrameWidthSent' },
      frameHeight: { from: 'googFrameHeightSent' },
      nackCount: { from: 'googNacksReceived' },
      pliCount: { from: 'googPlisReceived' },
      firCount: { from: 'googFirsReceived' },
      encoderImplementation: { from: 'codecImplementationName' },
      qualityLimitationReason: { derive: qualityLimitation },
      audioLevel: { from: 'audioInputLevel', scale: 1 / 32767 },
      echoReturnLoss: { from: 'googEchoCancellationReturnLoss' },
      echoReturnLossEnhancement: { from: 'googEchoCancellationReturnLossEnhancement' },
      remoteId: { constant: `${report.id}-remote` },
      packetsLost: { derive: () => undefined },
    });
    const remote = new MappedStatsReport(
      `${report.id}-remote`,
      'remote-inbound-rtp',
      report,
      {
        ssrc: ssrcOf(report),
        kind: { constant: kind },
        localId: { constant: report.id },
        packetsLost: { from: 'packetsLost', map: (v) => toNumber(v) },
        roundTripTime: { from: 'googRtt', scale: 0.001, min: 0 },
        jitter: { from: 'googJitterReceived', scale: 0.001, min: 0 },
      },
      false,
    );
    return [outbound, remote];
  }
  return [
    new MappedStatsReport(report.id, 'inbound-rtp', report, {
      ...common,
      jitter: { from: 'googJitterReceived', scale: 0.001, min: 0 },
      framesPerSecond: {
        derive: firstOf('googFrameRateOutput', 'googFrameRateDecoded', 'googFrameRateReceived'),
      },
      frameWidth: { from: 'googFrameWidthReceived' },
      frameHeight: { from: 'googFrameHeightReceived' },
      nackCount: { from: 'googNacksSent' },
      pliCount: { from: 'googPlisSent' },
      firCount: { from: 'googFirsSent' },
      decoderImplementation: { from: 'codecImplementationName' },
      audioLevel: { from: 'audioOutputLevel', scale: 1 / 32767 },
    }),
  ];
}

const CANDIDATE_TYPES: Record<string, string> = {
  local: 'host',
  host: 'host',
  stun: 'srflx',
  serverreflexive: 'srflx',
  srflx: 'srflx',
  peerreflexive: 'prflx',
  prflx: 'prflx',
  relay: 'relay',
  relayed: 'relay',
};

export const standardCandidateType = (v: unknown): unknown =>
  typeof v === 'string' ? (CANDIDATE_TYPES[v.toLowerCase()] ?? v) : v;

/**
 * googRtt reads 3000 ms until the first STUN response arrives (the initial RTT estimate, not a
 * measurement): keep it only once the pair has responses, or when it is any other value. -1 is
 * "not measured yet", as on the ssrc reports.
 */
function measuredRtt(base: StatsReport): ArrayLike<unknown> | undefined {
  const rtt = base.numbers('googRtt');
  if (!rtt) return undefined;
  const responses = base.numbers('responsesReceived');
  return seriesOf(base.size, (i) => {
    const v = rtt[i]!;
    if (!Number.isFinite(v) || v < 0 || (v === 3000 && !((responses?.[i] ?? 0) > 0))) return undefined;
    return v / 1000;
  });
}

export function mapGoogPair(report: StatsReport): StatsReport {
  const state = (base: StatsReport): ArrayLike<unknown> | undefined => {
    const active = base.values('googActiveConnection');
    const writable = base.values('googWritable');
    if (!active && !writable) return undefined;
    return seriesOf(base.size, (i) =>
      truthy(active?.[i]) || truthy(writable?.[i]) ? 'succeeded' : 'in-progress',
    );
  };
  return new MappedStatsReport(report.id, 'candidate-pair', report, {
    state: { derive: state },
    selected: { from: 'googActiveConnection', map: truthy },
    currentRoundTripTime: { derive: measuredRtt },
    transportId: { from: 'googChannelId' },
    localCandidateType: { from: 'googLocalCandidateType', map: standardCandidateType },
    remoteCandidateType: { from: 'googRemoteCandidateType', map: standardCandidateType },
    protocol: { from: 'googTransportType' },
  });
}

export function mapGoogCandidate(
  report: StatsReport,
  type: 'local-candidate' | 'remote-candidate',
): StatsReport {
  return new MappedStatsReport(report.id, type, report, {
    address: { from: 'ipAddress' },
    port: { from: 'portNumber', map: toNumber },
    protocol: { from: 'transport' },
    candidateType: { from: 'candidateType', map: standardCandidateType },
    priority: { from: 'priority', map: toNumber },
  });
}

export function mapGoogComponent(report: StatsReport): StatsReport {
  return new MappedStatsReport(report.id, 'transport', report, {});
}

export function mapGoogBwe(report: StatsReport): StatsReport {
  return new MappedStatsReport(report.id, 'bandwidth-estimate', report, {
    availableOutgoingBitrate: { derive: firstOf('googAvailableSendBandwidth', 'availableOutgoingBitrate') },
    availableIncomingBitrate: {
      derive: firstOf('googAvailableReceiveBandwidth', 'availableIncomingBitrate'),
    },
    targetBitrate: { from: 'googTargetEncBitrate' },
    actualEncodeBitrate: { from: 'googActualEncBitrate' },
    transmitBitrate: { from: 'googTransmitBitrate' },
    retransmitBitrate: { from: 'googRetransmitBitrate' },
  });
}
