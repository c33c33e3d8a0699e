import type { RawPeerConnection } from '../model/peer-connection.js';
import { type StatsReport, type StatsStore, toNumber } from '../model/stats-report.js';
import { continued, resetPoints } from './counter-continuity.js';
import { packSeries } from './packed-series.js';
import { inbound, outbound } from './rtp-derivations.js';
import type { Direction, RtpStream } from './rtp-stream-types.js';
import { lastFinite, ratePerSecond, sampleAt } from './series-math.js';
import { codecOf, kindOf, setStr, setTotal, str } from './stream-attributes.js';
import { streamSources } from './stream-sources.js';

export type {
  CodecInfo,
  Direction,
  MediaKind,
  RtpStream,
  SeriesName,
  TotalName,
} from './rtp-stream-types.js';

/** Packet loss of a stream over the whole recording, percent. */
export function streamLossPercent(s: RtpStream): number | undefined {
  const packets = s.totals.packets;
  if (s.direction === 'inbound') {
    const lost = s.totals.packetsLost;
    if (lost === undefined || packets === undefined) return undefined;
    const l = Math.max(0, lost);
    return l + packets > 0 ? (100 * l) / (l + packets) : undefined;
  }
  const lost = s.totals.remotePacketsLost;
  const sent = s.totals.packetsSentAtLastReport ?? packets;
  if (lost === undefined || sent === undefined || sent <= 0) return undefined;
  return Math.min(100, (100 * Math.max(0, lost)) / sent);
}

export function rtpStreams(pc: RawPeerConnection): RtpStream[] {
  const out: RtpStream[] = [];
  for (const report of pc.stats.all()) {
    if (report.type !== 'inbound-rtp' && report.type !== 'outbound-rtp') continue;
    if (report.size === 0) continue;
    const stream = buildStream(pc.id, report, pc.stats);
    if (!stream) continue;
    packSeries(stream.series);
    out.push(stream);
  }
  return out;
}

/** Attributes of stream reports that are levels, not counters: never continued across a reset. */
const GAUGES = new Set([
  'audioLevel',
  'frameHeight',
  'frameWidth',
  'framesPerSecond',
  'jitter',
  'targetBitrate',
]);

function buildStream(pcId: string, r: StatsReport, store: StatsStore): RtpStream | undefined {
  const kind = kindOf(r, store);
  if (!kind) return undefined;
  const direction: Direction = r.type === 'inbound-rtp' ? 'inbound' : 'outbound';
  const t = r.timestamps;
  // Chrome before ~M112 kept many receiver metrics on the linked `track` report.
  const track = store.get(str(r.last('trackId')));
  const source = store.get(str(r.last('mediaSourceId')));
  const packetsAttr = direction === 'inbound' ? 'packetsReceived' : 'packetsSent';
  // Counters that started over (a new SSRC behind the same id, a rebuilt sender) are continued
  // across the reset: the report's own counters only, a linked track's keeps its own count.
  const resets = resetPoints(r.numbers(packetsAttr), r.values('ssrc'));
  const num = (attr: string, fallback?: StatsReport): ArrayLike<number> | undefined => {
    const values = r.numbers(attr);
    const own = values && resets.length > 0 && !GAUGES.has(attr) ? continued(values, resets) : values;
    if (own && lastFinite(own) !== undefined) return own;
    const other = fallback?.numbers(attr);
    return other && fallback ? sampleAt(fallback.timestamps, other, t) : own;
  };
  // A total is the last finite value of `num`'s series: the report's own last value when that is a
  // number and no reset continues the series (see lastNumber). Most totals are never charted, and
  // building their series only to read its end was a fifth of the series the views built.
  const total = (attr: string, fallback?: StatsReport): number | undefined => {
    if (resets.length === 0 || GAUGES.has(attr)) {
      const n = toNumber(r.last(attr));
      if (Number.isFinite(n)) return n;
    }
    return lastFinite(num(attr, fallback));
  };

  const stream: RtpStream = {
    pcId,
    id: r.id,
    kind,
    direction,
    t,
    firstSeenAt: t[0]!,
    lastSeenAt: t[t.length - 1]!,
    totals: {},
    series: {},
  };
  const ssrc = Number(r.last('ssrc'));
  if (Number.isFinite(ssrc)) stream.ssrc = ssrc;
  setStr(stream, 'mid', r.last('mid'));
  setStr(stream, 'rid', r.last('rid'));
  setStr(
    stream,
    'trackId',
    r.last('trackIdentifier') ?? track?.last('trackIdentifier') ?? source?.last('trackIdentifier'),
  );
  setStr(stream, 'contentType', r.last('contentType'));
  const encodingIndex = Number(r.last('encodingIndex'));
  if (Number.isFinite(encodingIndex)) stream.encodingIndex = encodingIndex;
  const codec = codecOf(r, store, kind);
  if (codec) stream.codec = codec;

  const bytesAttr = direction === 'inbound' ? 'bytesReceived' : 'bytesSent';
  const packets = num(packetsAttr);
  const bytes = num(bytesAttr);
  const s = stream.series;
  const totals = stream.totals;
  setTotal(totals, 'packets', lastFinite(packets));
  setTotal(totals, 'bytes', lastFinite(bytes));
  if (bytes) s.bitrateKbps = ratePerSecond(bytes, t, 8 / 1000);
  if (packets) {
    s.packetRate = ratePerSecond(packets, t);
    for (let i = 0; i < packets.length; i++) {
      if (packets[i]! > 0) {
        stream.firstPacketAt = t[i];
        break;
      }
    }
  }
  setTotal(totals, 'nackCount', total('nackCount'));
  setTotal(totals, 'pliCount', total('pliCount'));
  setTotal(totals, 'firCount', total('firCount'));
  const nack = num('nackCount');
  if (nack) s.nackPerSecond = ratePerSecond(nack, t);
  const pli = num('pliCount');
  if (pli) s.pliPerSecond = ratePerSecond(pli, t);

  if (direction === 'inbound') inbound(stream, r, num, total, store, track);
  else {
    outbound(stream, r, num, total, store, source);
    const sources = streamSources(r, store);
    if (sources.length > 0) stream.sources = sources;
  }
  return stream;
}
