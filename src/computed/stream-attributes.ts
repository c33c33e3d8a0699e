import type { StatsReport, StatsStore } from '../model/stats-report.js';
import type { CodecInfo, MediaKind, RtpStream, TotalName } from './rtp-stream-types.js';

/** Reading identity attributes (kind, codec, limitation shares…) of RTP stream reports. */

const KIND_FROM_ID = /^(?:I|O)T\d+(A|V)|^RTC(?:Inbound|Outbound)RTP(Audio|Video)Stream/;

export function kindOf(r: StatsReport, store: StatsStore): MediaKind | undefined {
  const k = r.last('kind') ?? r.last('mediaType');
  if (k === 'audio' || k === 'video') return k;
  const mime = store.get(str(r.last('codecId')))?.last('mimeType');
  if (typeof mime === 'string') {
    if (mime.toLowerCase().startsWith('audio/')) return 'audio';
    if (mime.toLowerCase().startsWith('video/')) return 'video';
  }
  const m = KIND_FROM_ID.exec(r.id);
  if (m) return (m[1] ?? m[2]) === 'A' || m[2] === 'Audio' ? 'audio' : 'video';
  if (r.has('framesDecoded') || r.has('framesEncoded') || r.has('frameWidth')) return 'video';
  if (r.has('audioLevel') || r.has('totalSamplesReceived')) return 'audio';
  return undefined;
}

export function codecOf(r: StatsReport, store: StatsStore, kind: MediaKind): CodecInfo | undefined {
  const codec = store.get(str(r.last('codecId')));
  const mime = codec?.last('mimeType');
  if (codec && typeof mime === 'string') {
    const info: CodecInfo = { mimeType: mime };
    const pt = Number(codec.last('payloadType'));
    const clock = Number(codec.last('clockRate'));
    const channels = Number(codec.last('channels'));
    const fmtp = codec.last('sdpFmtpLine');
    if (Number.isFinite(pt)) info.payloadType = pt;
    if (Number.isFinite(clock)) info.clockRate = clock;
    if (Number.isFinite(channels)) info.channels = channels;
    if (typeof fmtp === 'string' && fmtp !== '') info.sdpFmtpLine = fmtp;
    return info;
  }
  const name = r.last('codecName');
  if (typeof name === 'string' && name !== '') return { mimeType: `${kind}/${name}` };
  return undefined;
}

/** qualityLimitationDurations: seconds per reason → shares of their sum. */
export function qualityDurations(value: unknown): RtpStream['qualityLimitation'] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const get = (k: string): number =>
    typeof v[k] === 'number' && Number.isFinite(v[k]) ? (v[k] as number) : 0;
  const sum = get('bandwidth') + get('cpu') + get('other') + get('none');
  if (!(sum > 0)) return undefined;
  return {
    bandwidth: get('bandwidth') / sum,
    cpu: get('cpu') / sum,
    other: get('other') / sum,
    none: get('none') / sum,
  };
}

/** Shares from the per-sample reason when durations were not recorded (older Chrome, legacy stats). */
export function reasonShares(
  t: ArrayLike<number>,
  reasons: ArrayLike<unknown>,
): RtpStream['qualityLimitation'] | undefined {
  const acc = { bandwidth: 0, cpu: 0, other: 0, none: 0 };
  let total = 0;
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]! - t[i - 1]!;
    const reason = reasons[i];
    if (!(dt > 0) || typeof reason !== 'string') continue;
    const key = reason in acc ? (reason as keyof typeof acc) : 'other';
    acc[key] += dt;
    total += dt;
  }
  if (total === 0) return undefined;
  return {
    bandwidth: acc.bandwidth / total,
    cpu: acc.cpu / total,
    other: acc.other / total,
    none: acc.none / total,
  };
}

/**
 * audioLevel is 0..1; some clients (jitsi's rtcstats with Chrome ~87) copied the legacy 0..32767
 * level into it, with -1 for "unknown". Bring those back to 0..1.
 */
export function audioLevel(values: ArrayLike<number>): Float64Array {
  // Plain loops: `from` with a mapping function and `some` call back once per sample.
  const out = new Float64Array(values.length);
  let legacy = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = v < 0 ? Number.NaN : v;
    if (v > 1.0001) legacy = true;
  }
  if (legacy) for (let i = 0; i < out.length; i++) out[i] = out[i]! / 32767;
  return out;
}

export function minFinite(values: ArrayLike<number>): number | undefined {
  let m = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i]! < m) m = values[i]!;
  return m === Number.POSITIVE_INFINITY ? undefined : m;
}

export function lastTimeWith(
  t: ArrayLike<number>,
  values: ArrayLike<number> | undefined,
): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i]!)) return t[i];
  return undefined;
}

export function subtract(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! - b[i]!;
  return out;
}

export function setTotal(totals: RtpStream['totals'], name: TotalName, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) totals[name] = value;
}

export function setStr(
  stream: RtpStream,
  key: 'mid' | 'rid' | 'trackId' | 'contentType',
  value: unknown,
): void {
  if (typeof value === 'string' && value !== '') stream[key] = value;
  else if (typeof value === 'number' && key === 'mid') stream[key] = String(value);
}

export function setStrField(
  stream: RtpStream,
  key: 'encoderImplementation' | 'decoderImplementation' | 'scalabilityMode',
  value: unknown,
): void {
  if (typeof value === 'string' && value !== '') stream[key] = value;
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
