import type { StatsReport, StatsStore } from '../model/stats-report.js';
import { withoutResumeJumps } from './counter-continuity.js';
import { otherTraffic } from './other-traffic.js';
import type { Direction, RtpStream } from './rtp-stream-types.js';
import {
  intervalPercent,
  intervalRatio,
  lastFinite,
  ratePerSecond,
  sampleAt,
  scaled,
} from './series-math.js';
import {
  audioLevel,
  lastTimeWith,
  minFinite,
  qualityDurations,
  reasonShares,
  setStrField,
  setTotal,
  str,
  subtract,
} from './stream-attributes.js';

/** Derived series and totals of inbound and outbound RTP streams, by kind. */

export type NumFn = (attr: string, fallback?: StatsReport) => ArrayLike<number> | undefined;

export type TotalFn = (attr: string, fallback?: StatsReport) => number | undefined;

export function inbound(
  stream: RtpStream,
  r: StatsReport,
  num: NumFn,
  total: TotalFn,
  store: StatsStore,
  track: StatsReport | undefined,
): void {
  const { t, series: s, totals } = stream;
  const received = num('packetsReceived');
  const counted = num('packetsLost');
  const lost =
    counted && received ? withoutResumeJumps(counted, received, t, otherTraffic(store, r)) : counted;
  setTotal(totals, 'packetsLost', lastFinite(lost));
  if (lost) setTotal(totals, 'minPacketsLost', minFinite(lost));
  if (lost && received) s.lossPercent = intervalPercent(lost, received);
  const jitter = num('jitter');
  if (jitter) s.jitterMs = scaled(jitter, 1000);
  // Round trip time of the inbound direction comes from RTCP sender reports (remote-outbound-rtp).
  const remote = linkedRemote(r, 'remote-outbound-rtp', stream, store);
  const rtt = remote?.numbers('roundTripTime');
  if (remote && rtt && lastFinite(rtt) !== undefined) s.rttMs = sampleAt(remote.timestamps, rtt, t, 1000);
  const buffered = num('jitterBufferDelay', track);
  const emitted = num('jitterBufferEmittedCount', track);
  if (buffered && emitted) s.jitterBufferMs = intervalRatio(buffered, emitted, 1000);
  setTotal(totals, 'jitterBufferDelaySec', lastFinite(buffered));
  setTotal(totals, 'jitterBufferEmittedCount', lastFinite(emitted));
  setStrField(stream, 'decoderImplementation', r.last('decoderImplementation'));
  const efficient = r.last('powerEfficientDecoder');
  if (typeof efficient === 'boolean') stream.powerEfficient = efficient;

  if (stream.kind === 'video') {
    video(stream, num, total, track, 'inbound');
    setTotal(totals, 'framesDecoded', total('framesDecoded', track));
    setTotal(totals, 'framesReceived', total('framesReceived', track));
    setTotal(totals, 'framesDropped', total('framesDropped', track));
    setTotal(totals, 'keyFrames', total('keyFramesDecoded'));
    setTotal(totals, 'freezeCount', total('freezeCount', track));
    setTotal(totals, 'totalFreezesDurationSec', total('totalFreezesDuration', track));
    setTotal(totals, 'pauseCount', total('pauseCount', track));
    setTotal(totals, 'totalPausesDurationSec', total('totalPausesDuration', track));
    setTotal(totals, 'totalDecodeTimeSec', total('totalDecodeTime'));
    const dropped = num('framesDropped', track);
    if (dropped) s.framesDroppedPerSecond = ratePerSecond(dropped, t);
    const freezes = num('totalFreezesDuration', track);
    if (freezes) s.freezeMsPerSecond = ratePerSecond(freezes, t, 1000);
    const decoded = num('framesDecoded', track);
    const decodeTime = num('totalDecodeTime');
    if (decoded && decodeTime) s.decodeMsPerFrame = intervalRatio(decodeTime, decoded, 1000);
    const qp = num('qpSum');
    if (qp && decoded) s.qpPerFrame = intervalRatio(qp, decoded);
  } else {
    const level = num('audioLevel', track);
    if (level) s.audioLevel = audioLevel(level);
    const samples = num('totalSamplesReceived', track);
    const concealed = num('concealedSamples', track);
    if (samples && concealed) s.concealmentPercent = intervalRatio(concealed, samples, 100);
    setTotal(totals, 'totalSamplesReceived', lastFinite(samples));
    setTotal(totals, 'concealedSamples', lastFinite(concealed));
    setTotal(totals, 'silentConcealedSamples', total('silentConcealedSamples', track));
    setTotal(totals, 'concealmentEvents', total('concealmentEvents', track));
    setTotal(totals, 'insertedSamplesForDeceleration', total('insertedSamplesForDeceleration', track));
    setTotal(totals, 'removedSamplesForAcceleration', total('removedSamplesForAcceleration', track));
    setTotal(totals, 'interruptionCount', total('interruptionCount'));
    setTotal(totals, 'totalInterruptionDurationSec', total('totalInterruptionDuration'));
  }
}

export function outbound(
  stream: RtpStream,
  r: StatsReport,
  num: NumFn,
  total: TotalFn,
  store: StatsStore,
  source: StatsReport | undefined,
): void {
  const { t, series: s, totals } = stream;
  const remote = linkedRemote(r, 'remote-inbound-rtp', stream, store);
  if (remote) {
    const rt = remote.timestamps;
    const rtt = remote.numbers('roundTripTime');
    if (rtt && lastFinite(rtt) !== undefined) s.rttMs = sampleAt(rt, rtt, t, 1000);
    const jitter = remote.numbers('jitter');
    if (jitter && lastFinite(jitter) !== undefined) s.jitterMs = sampleAt(rt, jitter, t, 1000);
    const fraction = remote.numbers('fractionLost');
    const lost = remote.numbers('packetsLost');
    setTotal(totals, 'remotePacketsLost', lastFinite(lost));
    // Loss is reported up to the receiver report's time: compare it with what was sent by then.
    const sentSoFar = num('packetsSent');
    const lastReport = lastTimeWith(rt, lost);
    if (sentSoFar && lastReport !== undefined)
      setTotal(totals, 'packetsSentAtLastReport', sampleAt(t, sentSoFar, [lastReport])[0]);
    // The cumulative count, when there is one: fractionLost counts a packet that arrives after a
    // later one as lost in its report, and reordering alone then reads as loss (a relay that
    // reordered 62 % of the packets and dropped none gave 15-20 % "loss"), where the count gets
    // those packets back in the next report.
    // Rows repeat a report at each poll: a counter of reports (reportsReceived, or the RTT
    // measurements each report brings) says which rows are new ones. Without one, fractionLost is
    // the per-report figure there is.
    const sent = num('packetsSent');
    const reports = remote.numbers('reportsReceived') ?? remote.numbers('roundTripTimeMeasurements');
    if (lost && lastFinite(lost) !== undefined && sent && reports && lastFinite(reports) !== undefined) {
      const perReport = lossPerReport(rt, lostEnvelope(lost), sampleAt(t, sent, rt), reports);
      s.lossPercent = sampleAt(rt, perReport, t);
    } else if (fraction && lastFinite(fraction) !== undefined) s.lossPercent = sampleAt(rt, fraction, t, 100);
    else if (lost && lastFinite(lost) !== undefined && sent) {
      const lostThen = sampleAt(rt, lost, t);
      s.lossPercent = intervalPercent(lostThen, subtract(sent, lostThen));
    }
  }
  const target = num('targetBitrate');
  if (target && lastFinite(target) !== undefined) s.targetBitrateKbps = scaled(target, 1 / 1000);
  const retransmitted = num('retransmittedPacketsSent');
  setTotal(totals, 'retransmittedPackets', lastFinite(retransmitted));
  const sent = num('packetsSent');
  if (retransmitted && sent) s.retransmitPercent = intervalRatio(retransmitted, sent, 100);
  const sendDelay = num('totalPacketSendDelay');
  if (sendDelay && sent && lastFinite(sendDelay) !== undefined)
    s.sendDelayMsPerPacket = intervalRatio(sendDelay, sent, 1000);
  setStrField(stream, 'encoderImplementation', r.last('encoderImplementation'));
  setStrField(stream, 'scalabilityMode', r.last('scalabilityMode'));
  const efficient = r.last('powerEfficientEncoder');
  if (typeof efficient === 'boolean') stream.powerEfficient = efficient;
  if (r.last('active') === false) stream.inactive = true;

  if (stream.kind === 'video') {
    video(stream, num, total, source, 'outbound');
    setTotal(totals, 'framesEncoded', total('framesEncoded'));
    setTotal(totals, 'framesSent', total('framesSent'));
    setTotal(totals, 'keyFrames', total('keyFramesEncoded'));
    setTotal(totals, 'totalEncodeTimeSec', total('totalEncodeTime'));
    setTotal(totals, 'qualityLimitationResolutionChanges', total('qualityLimitationResolutionChanges'));
    const encoded = num('framesEncoded');
    const encodeTime = num('totalEncodeTime');
    if (encoded && encodeTime) s.encodeMsPerFrame = intervalRatio(encodeTime, encoded, 1000);
    const qp = num('qpSum');
    if (qp && encoded) s.qpPerFrame = intervalRatio(qp, encoded);
    const reasons = r.values('qualityLimitationReason');
    if (reasons) stream.limitationReasons = reasons;
    const durations = qualityDurations(r.last('qualityLimitationDurations'));
    if (durations) stream.qualityLimitation = durations;
    else if (reasons) stream.qualityLimitation = reasonShares(t, reasons);
  } else {
    const level = num('audioLevel', source);
    if (level) s.audioLevel = audioLevel(level);
    const erl = Number(source?.last('echoReturnLoss'));
    const erle = Number(source?.last('echoReturnLossEnhancement'));
    if (Number.isFinite(erl)) stream.echoReturnLossDb = erl;
    if (Number.isFinite(erle)) stream.echoReturnLossEnhancementDb = erle;
  }
}

export function video(
  stream: RtpStream,
  num: NumFn,
  _total: TotalFn,
  linked: StatsReport | undefined,
  direction: Direction,
): void {
  const { t, series: s } = stream;
  const framesName = direction === 'inbound' ? 'framesDecoded' : 'framesEncoded';
  // A sent stream's frame rate and size are the encoder's. Its media source has the camera's,
  // which it keeps while nothing is encoded (a call whose ICE failed): fall back to the source
  // only when the stream counts no encoded frames of its own (stats before framesEncoded).
  const ownFrames = direction === 'outbound' ? num(framesName) : undefined;
  const from = ownFrames && lastFinite(ownFrames) !== undefined ? undefined : linked;
  const fps = num('framesPerSecond', from);
  const frames = num(framesName, linked);
  if (fps && lastFinite(fps) !== undefined) s.framesPerSecond = Float64Array.from(fps);
  else if (frames) s.framesPerSecond = ratePerSecond(frames, t);
  const width = num('frameWidth', from);
  const height = num('frameHeight', from);
  if (width && lastFinite(width) !== undefined) s.frameWidth = Float64Array.from(width);
  if (height && lastFinite(height) !== undefined) s.frameHeight = Float64Array.from(height);
}

/**
 * The RTCP-derived report that pairs with a local stream: remote-inbound-rtp (what the receiver
 * reported about our outbound stream) or remote-outbound-rtp (the sender's report about our
 * inbound one). Linked by id when the stats carry it, else by SSRC and kind.
 */
export function linkedRemote(
  r: StatsReport,
  type: string,
  stream: RtpStream,
  store: StatsStore,
): StatsReport | undefined {
  const linked = store.get(str(r.last('remoteId')));
  if (linked?.type === type) return linked;
  const index = remoteIndex(store.ofType(type));
  const byLocalId = index.byLocalId.get(r.id);
  if (byLocalId) return byLocalId;
  if (stream.ssrc === undefined) return undefined;
  for (const candidate of index.bySsrc.get(stream.ssrc) ?? []) {
    if ((candidate.last('kind') ?? stream.kind) === stream.kind) return candidate;
  }
  return undefined;
}

interface RemoteIndex {
  /** The first report naming each localId. */
  byLocalId: Map<unknown, StatsReport>;
  /** The reports of each SSRC, in store order. */
  bySsrc: Map<number, StatsReport[]>;
}

/**
 * Remote reports by the local id and the SSRC they name, built once per list of them (the store
 * hands out the same list until it changes): looked up for every stream, a scan of all of them
 * was quadratic in a dump with thousands of streams. Reads as the scans in store order did.
 */
const remoteIndexes = new WeakMap<readonly StatsReport[], RemoteIndex>();
function remoteIndex(reports: readonly StatsReport[]): RemoteIndex {
  let index = remoteIndexes.get(reports);
  if (index) return index;
  index = { byLocalId: new Map(), bySsrc: new Map() };
  for (const report of reports) {
    const localId = report.last('localId');
    if (!index.byLocalId.has(localId)) index.byLocalId.set(localId, report);
    const ssrc = Number(report.last('ssrc'));
    const same = index.bySsrc.get(ssrc);
    if (same) same.push(report);
    else index.bySsrc.set(ssrc, [report]);
  }
  remoteIndexes.set(reports, index);
  return index;
}

/**
 * A cumulative lost-packets count with its wobble removed: packets counted lost and then
 * recovered (they arrived late) are counted once, when the count first rose past them. A drop far
 * larger than that wobble is a reset of the counter (a new SSRC): counting goes on from there.
 */
export function lostEnvelope(lost: ArrayLike<number>): Float64Array {
  const out = new Float64Array(lost.length).fill(Number.NaN);
  let top = Number.NEGATIVE_INFINITY;
  let carried = 0;
  for (let i = 0; i < lost.length; i++) {
    const v = lost[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isFinite(top) && v < top - Math.max(50, 0.25 * Math.abs(top))) {
      carried += top;
      top = v;
    } else top = Math.max(top, v);
    out[i] = carried + top;
  }
  return out;
}

/**
 * The loss each receiver report added, over the packets sent since the report before, on every row
 * until the next report (a row whose report counter went up).
 */
function lossPerReport(
  rt: ArrayLike<number>,
  lost: ArrayLike<number>,
  sent: ArrayLike<number>,
  reports: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(rt.length).fill(Number.NaN);
  let previous = -1;
  for (let i = 0; i < rt.length; i++) {
    if (previous >= 0 && !(reports[i]! > reports[previous]!)) {
      out[i] = out[i - 1]!;
      continue;
    }
    if (previous >= 0) {
      const l = lost[i]! - lost[previous]!;
      const n = sent[i]! - sent[previous]!;
      if (Number.isFinite(l) && Number.isFinite(n) && n > 0)
        out[i] = Math.min(100, (100 * Math.max(0, l)) / n);
    }
    previous = i;
  }
  return out;
}
