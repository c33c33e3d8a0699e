import type { SourceChange } from './stream-sources.js';

/** Types of the RTP stream view: what analysis knows about one inbound-rtp or outbound-rtp report. */

export type MediaKind = 'audio' | 'video';

export type Direction = 'inbound' | 'outbound';

/** Derived series of a stream, aligned to its sample times. Names carry their unit. */
export type SeriesName =
  | 'bitrateKbps'
  | 'packetRate'
  | 'lossPercent'
  | 'jitterMs'
  | 'rttMs'
  | 'targetBitrateKbps'
  | 'framesPerSecond'
  | 'frameWidth'
  | 'frameHeight'
  | 'framesDroppedPerSecond'
  | 'freezeMsPerSecond'
  | 'decodeMsPerFrame'
  | 'encodeMsPerFrame'
  | 'qpPerFrame'
  | 'nackPerSecond'
  | 'pliPerSecond'
  | 'retransmitPercent'
  | 'sendDelayMsPerPacket'
  | 'audioLevel'
  | 'concealmentPercent'
  | 'jitterBufferMs';

/** Cumulative counters at the end of the recording (or gauges' last values). */
export type TotalName =
  | 'packets'
  | 'bytes'
  | 'packetsLost'
  /** Lowest packetsLost seen: negative when more packets arrived than were expected (duplicates). */
  | 'minPacketsLost'
  | 'remotePacketsLost'
  /** Packets sent up to the time of the last receiver report (the base of remotePacketsLost). */
  | 'packetsSentAtLastReport'
  | 'framesEncoded'
  | 'framesDecoded'
  | 'framesSent'
  | 'framesReceived'
  | 'framesDropped'
  | 'keyFrames'
  | 'freezeCount'
  | 'totalFreezesDurationSec'
  | 'pauseCount'
  | 'totalPausesDurationSec'
  | 'nackCount'
  | 'pliCount'
  | 'firCount'
  | 'retransmittedPackets'
  | 'totalSamplesReceived'
  | 'concealedSamples'
  | 'silentConcealedSamples'
  | 'concealmentEvents'
  | 'insertedSamplesForDeceleration'
  | 'removedSamplesForAcceleration'
  | 'qualityLimitationResolutionChanges'
  | 'totalEncodeTimeSec'
  | 'totalDecodeTimeSec'
  | 'jitterBufferDelaySec'
  | 'jitterBufferEmittedCount'
  | 'interruptionCount'
  | 'totalInterruptionDurationSec';

export interface CodecInfo {
  mimeType: string;
  payloadType?: number;
  clockRate?: number;
  channels?: number;
  sdpFmtpLine?: string;
}

/** One RTP stream (an inbound-rtp or outbound-rtp report) with what is linked to it. */
export interface RtpStream {
  pcId: string;
  id: string;
  kind: MediaKind;
  direction: Direction;
  ssrc?: number;
  mid?: string;
  rid?: string;
  trackId?: string;
  encodingIndex?: number;
  codec?: CodecInfo;
  /** `screenshare` for content tracks, when the stats say so. */
  contentType?: string;
  t: ArrayLike<number>;
  firstSeenAt: number;
  lastSeenAt: number;
  /** First sample at which packets had flowed. */
  firstPacketAt?: number;
  totals: Partial<Record<TotalName, number>>;
  series: Partial<Record<SeriesName, Float64Array>>;
  /** Share of time (0..1) per quality limitation reason, from qualityLimitationDurations. */
  qualityLimitation?: { bandwidth: number; cpu: number; other: number; none: number };
  /** qualityLimitationReason per sample, when recorded. */
  limitationReasons?: ArrayLike<unknown>;
  encoderImplementation?: string;
  decoderImplementation?: string;
  powerEfficient?: boolean;
  scalabilityMode?: string;
  /**
   * Outbound: the track it carried over the recording, as changes (replaceTrack, removeTrack);
   * absent when the stats do not link a media source.
   */
  sources?: SourceChange[];
  /** outbound-rtp `active` was false at the end (a disabled simulcast layer). */
  inactive?: boolean;
  /** Outbound: echo statistics of the audio source. */
  echoReturnLossDb?: number;
  echoReturnLossEnhancementDb?: number;
}
