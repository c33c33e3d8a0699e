import { type IceTransports, selectedPairRtts } from '../computed/ice-transport.js';
import type { PeerConnectionView } from '../computed/peer-connection-view.js';
import type { RtpStream } from '../computed/rtp-streams.js';
import { activeFrom } from '../computed/stream-samples.js';
import { E_MODEL } from './constants.js';
import { codecImpairment, voiceMos } from './e-model.js';

/**
 * Per-sample MOS of an audio stream (E-model). Mouth-to-ear delay = RTT/2 + jitter buffer +
 * codec delay; loss = the larger of packet loss and concealment in the interval (concealment also
 * covers packets that came too late). For sent audio the receiver's jitter buffer is not known:
 * it is estimated as 40 ms + 2 × the jitter it reported.
 */
export function audioMosSeries(pc: PeerConnectionView, stream: RtpStream): number[] {
  const s = stream.series;
  const codec = codecImpairment(
    stream.codec?.mimeType,
    typicalBitrate(stream),
    /useinbandfec=1/.test(stream.codec?.sdpFmtpLine ?? 'useinbandfec=1'),
  );
  const fallbackRtt = pairRttMedian(pc.ice);
  const out: number[] = [];
  for (let i = activeFrom(stream); i < stream.t.length; i++) {
    const rate = s.bitrateKbps?.[i];
    if (rate !== undefined && !(rate > 0)) continue;
    const rtt = finite(s.rttMs?.[i]) ?? fallbackRtt ?? 0;
    const jitter = finite(s.jitterMs?.[i]) ?? 0;
    const buffer =
      stream.direction === 'inbound' ? (finite(s.jitterBufferMs?.[i]) ?? 40 + 2 * jitter) : 40 + 2 * jitter;
    const loss = Math.max(finite(s.lossPercent?.[i]) ?? 0, finite(s.concealmentPercent?.[i]) ?? 0);
    out.push(voiceMos(rtt / 2 + buffer + E_MODEL.codecDelayMs, loss, codec));
  }
  return out;
}

/** The bitrate the codec ran at while speech flowed (median above DTX comfort-noise rates). */
function typicalBitrate(stream: RtpStream): number | undefined {
  const rates = Array.from(stream.series.bitrateKbps ?? []).filter((v) => v > 6);
  return median(rates);
}

/** Median STUN round trip of a connection: the same for each of its audio streams, sorted once. */
const pairRttMedians = new WeakMap<IceTransports, number | undefined>();
function pairRttMedian(ice: IceTransports): number | undefined {
  if (!pairRttMedians.has(ice)) pairRttMedians.set(ice, median(selectedPairRtts(ice)));
  return pairRttMedians.get(ice);
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  // A typed array sorts numerically without a comparator call per step: several times faster on
  // the thousands of samples of a long call.
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)];
}

const finite = (v: number | undefined): number | undefined =>
  v !== undefined && Number.isFinite(v) ? v : undefined;
