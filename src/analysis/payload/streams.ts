import { type Column, downsample } from '../../computed/downsample.js';
import type { DataChannelStats } from '../../computed/ice-transport.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { type RtpStream, type SeriesName, streamLossPercent } from '../../computed/rtp-streams.js';
import { lastFinite, max, minPositive } from '../../computed/series-math.js';
import type { StreamSummary } from '../../model/payload/stream-summary.js';
import { distributionFrom, indexFrom, intOrNull, orNull } from './numbers.js';

/** Chart columns kept per stream, and how buckets combine them. */
const CHART_COLUMNS: readonly (readonly [SeriesName, Column['combine']])[] = [
  ['bitrateKbps', 'mean'],
  ['packetRate', 'mean'],
  ['lossPercent', 'mean'],
  ['jitterMs', 'mean'],
  ['rttMs', 'mean'],
  ['targetBitrateKbps', 'mean'],
  ['framesPerSecond', 'mean'],
  ['frameWidth', 'min'],
  ['frameHeight', 'min'],
  ['framesDroppedPerSecond', 'mean'],
  ['freezeMsPerSecond', 'mean'],
  ['encodeMsPerFrame', 'mean'],
  ['decodeMsPerFrame', 'mean'],
  ['audioLevel', 'mean'],
  ['concealmentPercent', 'mean'],
  ['jitterBufferMs', 'mean'],
];

export function streamKey(pid: string, sid: string): string {
  return `${pid}-${sid}`;
}

export function summarizeStreams(
  views: readonly PeerConnectionView[],
  maxPoints: number,
): Record<string, StreamSummary> {
  const out: Record<string, StreamSummary> = {};
  for (const view of views) {
    for (const s of view.streams) out[streamKey(view.id, s.id)] = rtpSummary(s, maxPoints);
    for (const dc of view.ice.dataChannels) out[streamKey(view.id, dc.id)] = dataSummary(view.id, dc);
  }
  return out;
}

function rtpSummary(s: RtpStream, maxPoints: number): StreamSummary {
  const from = indexFrom(s.t, s.firstPacketAt);
  const series = s.series;
  const columns: Record<string, Column> = {};
  for (const [name, combine] of CHART_COLUMNS) {
    const values = series[name];
    if (values) columns[name] = { values, combine };
  }
  const chart = downsample(s.t, columns, maxPoints);
  const ms = (sec: number | undefined) => (sec === undefined ? null : sec * 1000);
  const totals = s.totals;
  const samples = totals.totalSamplesReceived;
  const pct = (part: number | undefined) => (part !== undefined && samples ? (100 * part) / samples : null);
  const range = (values: Float64Array | undefined) => {
    const last = lastFinite(values);
    if (!values || last === undefined) return null;
    return { last, min: minPositive(values) ?? last, max: max(values) ?? last };
  };
  const frames = s.direction === 'inbound' ? totals.framesDecoded : totals.framesEncoded;
  const busy = s.direction === 'inbound' ? totals.totalDecodeTimeSec : totals.totalEncodeTimeSec;
  return {
    pid: s.pcId,
    sid: s.id,
    kind: s.kind,
    direction: s.direction,
    ssrc: orNull(s.ssrc),
    mid: orNull(s.mid),
    rid: orNull(s.rid),
    trackId: orNull(s.trackId),
    codec: s.codec
      ? {
          mimeType: s.codec.mimeType,
          payloadType: orNull(s.codec.payloadType),
          clockRate: orNull(s.codec.clockRate),
          channels: orNull(s.codec.channels),
          sdpFmtpLine: orNull(s.codec.sdpFmtpLine),
        }
      : null,
    contentType: orNull(s.contentType),
    firstSeenAt: Math.round(s.firstSeenAt),
    lastSeenAt: Math.round(s.lastSeenAt),
    durationMs: Math.round(s.lastSeenAt - s.firstSeenAt),
    packets: intOrNull(totals.packets),
    bytes: intOrNull(totals.bytes),
    packetsLost: intOrNull(s.direction === 'inbound' ? totals.packetsLost : totals.remotePacketsLost),
    packetLossPercent: orNull(streamLossPercent(s)),
    bitrateKbps: distributionFrom(series.bitrateKbps, from),
    jitterMs: distributionFrom(series.jitterMs, from),
    roundTripTimeMs: distributionFrom(series.rttMs, from),
    video:
      s.kind === 'video'
        ? {
            frameWidth: range(series.frameWidth),
            frameHeight: range(series.frameHeight),
            framesPerSecond: distributionFrom(series.framesPerSecond, from),
            framesEncoded: intOrNull(totals.framesEncoded),
            framesDecoded: intOrNull(totals.framesDecoded),
            framesSent: intOrNull(totals.framesSent),
            framesReceived: intOrNull(totals.framesReceived),
            framesDropped: intOrNull(totals.framesDropped),
            keyFrames: intOrNull(totals.keyFrames),
            freezeCount: intOrNull(totals.freezeCount),
            totalFreezesDurationMs: ms(totals.totalFreezesDurationSec),
            pauseCount: intOrNull(totals.pauseCount),
            totalPausesDurationMs: ms(totals.totalPausesDurationSec),
            qualityLimitationPercent: s.qualityLimitation
              ? {
                  bandwidth: 100 * s.qualityLimitation.bandwidth,
                  cpu: 100 * s.qualityLimitation.cpu,
                  other: 100 * s.qualityLimitation.other,
                  none: 100 * s.qualityLimitation.none,
                }
              : null,
            qualityLimitationResolutionChanges: intOrNull(totals.qualityLimitationResolutionChanges),
            encoderImplementation: orNull(s.encoderImplementation),
            decoderImplementation: orNull(s.decoderImplementation),
            powerEfficient: orNull(s.powerEfficient),
            scalabilityMode: orNull(s.scalabilityMode),
            avgEncodeTimeMs:
              s.direction === 'outbound' && frames && busy !== undefined ? (1000 * busy) / frames : null,
            avgDecodeTimeMs:
              s.direction === 'inbound' && frames && busy !== undefined ? (1000 * busy) / frames : null,
            nackCount: intOrNull(totals.nackCount),
            pliCount: intOrNull(totals.pliCount),
            firCount: intOrNull(totals.firCount),
            retransmittedPackets: intOrNull(totals.retransmittedPackets),
          }
        : null,
    audio:
      s.kind === 'audio'
        ? {
            audioLevel: distributionFrom(series.audioLevel, from),
            concealmentPercent: pct(totals.concealedSamples),
            silentConcealmentPercent: pct(totals.silentConcealedSamples),
            concealmentEvents: intOrNull(totals.concealmentEvents),
            insertedSamplesPercent: pct(totals.insertedSamplesForDeceleration),
            removedSamplesPercent: pct(totals.removedSamplesForAcceleration),
            jitterBufferDelayMs:
              totals.jitterBufferDelaySec !== undefined && totals.jitterBufferEmittedCount
                ? (1000 * totals.jitterBufferDelaySec) / totals.jitterBufferEmittedCount
                : null,
            interruptionCount: intOrNull(totals.interruptionCount),
            totalInterruptionDurationMs: ms(totals.totalInterruptionDurationSec),
            echoReturnLossDb: orNull(s.echoReturnLossDb),
            echoReturnLossEnhancementDb: orNull(s.echoReturnLossEnhancementDb),
          }
        : null,
    data: null,
    series: { t: chart.t, ...chart.columns },
  };
}

function dataSummary(pid: string, dc: DataChannelStats): StreamSummary {
  return {
    pid,
    sid: dc.id,
    kind: 'data',
    direction: 'both',
    ssrc: null,
    mid: null,
    rid: null,
    trackId: null,
    codec: null,
    contentType: null,
    firstSeenAt: Math.round(dc.firstSeenAt),
    lastSeenAt: Math.round(dc.lastSeenAt),
    durationMs: Math.round(dc.lastSeenAt - dc.firstSeenAt),
    packets: null,
    bytes: intOrNull((dc.totals.bytesSent ?? 0) + (dc.totals.bytesReceived ?? 0)),
    packetsLost: null,
    packetLossPercent: null,
    bitrateKbps: null,
    jitterMs: null,
    roundTripTimeMs: null,
    video: null,
    audio: null,
    data: {
      label: orNull(dc.label),
      protocol: orNull(dc.protocol),
      state: orNull(dc.state),
      messagesSent: intOrNull(dc.totals.messagesSent),
      messagesReceived: intOrNull(dc.totals.messagesReceived),
      bytesSent: intOrNull(dc.totals.bytesSent),
      bytesReceived: intOrNull(dc.totals.bytesReceived),
    },
    series: { t: [] },
  };
}
