/**
 * Synthetic chrome://webrtc-internals "Create dump" exports, for every era from M83 on. We have
 * real M156 exports only; older layouts are rebuilt from what each era's dump writer produced
 * (see the A1 notes on dump formats): which top-level keys exist, how connections, updateLog
 * entries, stats series and getUserMedia entries are shaped, and how the file is serialized
 * (`JSON.stringify(dump, null, 1)`, optionally gzipped).
 */
import { gzipSync } from 'node:zlib';
import { type LocaleStyle, type LogEvent, type LogStyle, renderLogEntry } from './internals-log.js';

export type { LocaleStyle, LogEvent } from './internals-log.js';

export type Era = 'M83' | 'M86' | 'M108' | 'M117' | 'M138' | 'M144' | 'M149';

/** What changed between eras, as far as a reader is concerned. */
export interface EraTraits {
  major: number;
  log: LogStyle;
  /** Stats entries carry `statsType` (M106+, together with short stats ids). */
  statsType: boolean;
  /** Every stats id has a `<id>-timestamp` series (M117+). */
  timestampSeries: boolean;
  userAgentData: 'none' | 'array' | 'object';
  /** `deviceMemory`, `hardwareConcurrency`, `timestamp` at the top (M147+). */
  deviceInfo: boolean;
  /** Connections record the browser process id (not in M83/M86 dumps). */
  pcPid: boolean;
  /** `constraints: ''` on each connection (legacy constraints argument, gone by M138). */
  constraintsField: boolean;
  /** rtcConfiguration as JSON (M144+) or in the old display form. */
  configuration: 'display' | 'json';
  /** getUserMedia entries: requests only, requests and text results, or JSON results. */
  getUserMedia: 'requests' | 'text-results' | 'json-results';
  /** Default locale of the `time` strings (old eras). */
  locale: LocaleStyle;
  /** Candidate texts end with `, url: …, relayProtocol: …` (~M125-M141). */
  candidateUrlText: boolean;
}

export const ERAS: Record<Era, EraTraits> = {
  M83: era(83, 'legacy', 'en-US'),
  M86: era(86, 'legacy', 'en-US'),
  M108: era(108, 'dom', 'en-GB'),
  M117: era(117, 'dom', 'en-GB'),
  M138: era(138, 'dom', 'en-GB'),
  M144: era(144, 'rtcstats', 'en-US'),
  M149: era(149, 'rtcstats', 'en-US'),
};

function era(major: number, log: LogStyle, locale: LocaleStyle): EraTraits {
  return {
    major,
    log,
    statsType: major >= 106,
    timestampSeries: major >= 117,
    userAgentData: major >= 144 ? 'object' : major >= 138 ? 'array' : 'none',
    deviceInfo: major >= 147,
    pcPid: major > 86,
    constraintsField: major < 138,
    configuration: major >= 144 ? 'json' : 'display',
    getUserMedia: major >= 142 ? 'json-results' : major >= 138 ? 'text-results' : 'requests',
    locale,
    candidateUrlText: log === 'dom' && major >= 125,
  };
}

/** Full Chrome version per era, as the UA (before M101) or UserAgentData reports it. */
const FULL_VERSIONS: Record<Era, string> = {
  M83: '83.0.4103.116',
  M86: '86.0.4240.183',
  M108: '108.0.5359.125',
  M117: '117.0.5938.149',
  M138: '138.0.7204.100',
  M144: '144.0.7559.109',
  M149: '149.0.7827.53',
};

export function userAgentOf(era: Era): string {
  const { major } = ERAS[era];
  // The UA string's version is frozen to <major>.0.0.0 since M101.
  const version = major >= 101 ? `${major}.0.0.0` : FULL_VERSIONS[era];
  const os = major < 100 ? 'Macintosh; Intel Mac OS X 10_15_7' : 'Windows NT 10.0; Win64; x64';
  return `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
}

/** navigator.userAgentData as the era recorded it (undefined before M138). */
export function userAgentDataOf(era: Era, brand = 'Google Chrome'): unknown {
  const traits = ERAS[era];
  const full = FULL_VERSIONS[era];
  const major = String(traits.major);
  const list = (version: (v: string) => string) => [
    { brand: 'Not)A;Brand', version: version('8.0.0.0') },
    { brand: 'Chromium', version: version(full) },
    { brand, version: version(full) },
  ];
  if (traits.userAgentData === 'array') return list((v) => v);
  if (traits.userAgentData === 'object')
    return {
      brands: list((v) => (v === full ? major : v.split('.')[0]!)),
      fullVersionList: list((v) => v),
      mobile: false,
      platform: 'Windows',
    };
  return undefined;
}

export interface ConfigurationSpec {
  iceServers: readonly string[];
  iceTransportPolicy?: 'all' | 'relay';
  bundlePolicy?: 'balanced' | 'max-bundle' | 'max-compat';
}

/** One stats report (one id) over time. */
export interface StatsReportSpec {
  id: string;
  type: string;
  /** Sample times, epoch ms (fractional like Chrome's). */
  times: readonly number[];
  /** Attribute → values; a shorter array covers the last samples (an attribute that appeared late). */
  values: Record<string, readonly unknown[]>;
  /** Series computed by the page (`[packetsReceived/s]`): one sample shorter than the times. */
  computed?: Record<string, readonly unknown[]>;
  /** `statsType` to write whatever the era (legacy goog types with the M106+ selector), or null for none. */
  statsType?: string | null;
  /** Recorded startTime per attribute, overriding the real one (legacy goog stats record 1970 for some). */
  startTimes?: Record<string, string>;
}

export interface ConnectionSpec {
  /** `"<rid>-<lid>"`. */
  id: string;
  url?: string;
  pid?: number;
  configuration: ConfigurationSpec;
  log: readonly LogEvent[];
  stats: readonly StatsReportSpec[];
}

export type GumEntry =
  | {
      kind: 'request';
      at: number;
      rid: number;
      pid: number;
      requestId: number;
      api?: 'getUserMedia' | 'getDisplayMedia';
      origin: string;
      url?: string;
      /** Constraint texts as the era recorded them (`""` = requested with `true`). */
      audio?: string;
      video?: string;
    }
  | {
      kind: 'success';
      at: number;
      rid: number;
      pid: number;
      requestId: number;
      api?: 'getUserMedia' | 'getDisplayMedia';
      streamId: string;
      audio?: { id: string; label: string };
      video?: { id: string; label: string };
    }
  | {
      kind: 'failure';
      at: number;
      rid: number;
      pid: number;
      requestId: number;
      api?: 'getUserMedia' | 'getDisplayMedia';
      error: string;
      message: string;
    };

export interface DumpSpec {
  era: Era;
  connections?: readonly ConnectionSpec[];
  getUserMedia?: readonly GumEntry[];
  /** Locale of the `time` strings; the era's default otherwise. */
  locale?: LocaleStyle;
  /** Browser time zone, minutes east of UTC. */
  zoneOffsetMinutes?: number;
  /** Builds before ~M70 wrote ICE states as enums (`ICEConnectionStateConnected`). */
  enumIceStates?: boolean;
  userAgent?: string;
  /** Overrides the era's UserAgentData (null: leave it out). */
  userAgentData?: unknown;
  /** Time the dump was made (M147+ `timestamp`). */
  dumpTime?: number;
  /** Series keys whose `values` are written as a JSON array instead of a string. */
  arrayValues?: (key: string) => boolean;
  /** Keep every sample instead of the page's last 1000 per series. */
  uncapped?: boolean;
}

/** MAX_STATS_DATA_POINT_BUFFER_SIZE of the page's data_series.js. */
export const SERIES_CAP = 1000;

/** The dump object, before serialization. */
export function internalsDump(spec: DumpSpec): Record<string, unknown> {
  const traits = ERAS[spec.era];
  const out: Record<string, unknown> = {};
  const firstTime = spec.connections?.[0]?.log[0]?.at ?? spec.getUserMedia?.[0]?.at ?? 0;
  if (traits.deviceInfo) {
    out.cpuPerformance = 3;
    out.deviceMemory = 8;
    out.hardwareConcurrency = 12;
    out.timestamp = spec.dumpTime ?? firstTime + 3_600_000;
  }
  out.getUserMedia = (spec.getUserMedia ?? []).map((g) => gumEntry(g, traits));
  const pcs: Record<string, unknown> = {};
  for (const c of spec.connections ?? []) pcs[c.id] = connection(c, spec, traits);
  out.PeerConnections = pcs;
  out.UserAgent = spec.userAgent ?? userAgentOf(spec.era);
  const uaData = spec.userAgentData === undefined ? userAgentDataOf(spec.era) : spec.userAgentData;
  if (uaData !== undefined && uaData !== null) out.UserAgentData = uaData;
  return out;
}

export interface SerializeOptions {
  /** One line, no indentation (hand-made or re-saved dumps). */
  minified?: boolean;
  gzip?: boolean;
}

/** Dump bytes as "Create dump" writes them: `JSON.stringify(dump, null, 1)`, gzipped on request. */
export function serialize(dump: unknown, options: SerializeOptions = {}): Buffer {
  const text = options.minified ? JSON.stringify(dump) : JSON.stringify(dump, null, 1);
  const bytes = Buffer.from(text, 'utf8');
  return options.gzip ? gzipSync(bytes) : bytes;
}

/** Builds and serializes in one go. */
export function buildInternalsDump(spec: DumpSpec, options: SerializeOptions = {}): Buffer {
  return serialize(internalsDump(spec), options);
}

function connection(c: ConnectionSpec, spec: DumpSpec, traits: EraTraits): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (traits.pcPid) out.pid = c.pid ?? 4242;
  if (traits.constraintsField) out.constraints = '';
  out.rtcConfiguration = configurationText(c.configuration, traits);
  const stats: Record<string, unknown> = {};
  for (const report of c.stats) writeReport(stats, report, spec, traits);
  out.stats = stats;
  const logOptions = {
    style: traits.log,
    locale: spec.locale ?? traits.locale,
    zoneOffsetMinutes: spec.zoneOffsetMinutes ?? 0,
    enumIceStates: spec.enumIceStates ?? false,
    candidateUrlText: traits.candidateUrlText,
  };
  out.updateLog = c.log.map((e) => renderLogEntry(e, logOptions));
  out.url = c.url ?? 'https://meet.example.org/room/42';
  return out;
}

function configurationText(c: ConfigurationSpec, traits: EraTraits): string {
  if (traits.configuration === 'json') {
    return JSON.stringify({
      iceServers: c.iceServers.map((url) => ({ urls: [url] })),
      ...(c.iceTransportPolicy ? { iceTransportPolicy: c.iceTransportPolicy } : {}),
      ...(c.bundlePolicy ? { bundlePolicy: c.bundlePolicy } : {}),
    });
  }
  // peer_connection_tracker's SerializeConfiguration: not JSON.
  const extmap = traits.major >= 88 ? ', extmapAllowMixed: true' : '';
  return (
    `{ iceServers: [${c.iceServers.join(', ')}], iceTransportPolicy: ${c.iceTransportPolicy ?? 'all'}, ` +
    `bundlePolicy: ${c.bundlePolicy ?? 'balanced'}, rtcpMuxPolicy: require, iceCandidatePoolSize: 0, ` +
    `sdpSemantics: "unified-plan"${extmap} }`
  );
}

/** Writes one report's series the way data_series.js' toJSON does, keeping the last 1000 points. */
function writeReport(
  stats: Record<string, unknown>,
  r: StatsReportSpec,
  spec: DumpSpec,
  traits: EraTraits,
): void {
  const statsType = r.statsType === undefined ? (traits.statsType ? r.type : undefined) : r.statsType;
  const series = (key: string, values: readonly unknown[]) => {
    let vals = values;
    let times = r.times.slice(r.times.length - values.length);
    if (!spec.uncapped && vals.length > SERIES_CAP) {
      vals = vals.slice(-SERIES_CAP);
      times = times.slice(-SERIES_CAP);
    }
    if (vals.length === 0) return;
    const name = key.slice(r.id.length + 1);
    const entry: Record<string, unknown> = {
      startTime: r.startTimes?.[name] ?? iso(times[0]!),
      endTime: iso(times[times.length - 1]!),
    };
    if (statsType !== undefined && statsType !== null) entry.statsType = statsType;
    entry.values = spec.arrayValues?.(key) ? [...vals] : JSON.stringify(vals);
    stats[key] = entry;
  };
  for (const [name, values] of Object.entries(r.values)) series(`${r.id}-${name}`, values);
  if (traits.timestampSeries) series(`${r.id}-timestamp`, r.times);
  for (const [name, values] of Object.entries(r.computed ?? {})) series(`${r.id}-${name}`, values);
}

/** JavaScript Date's ISO form: fractional milliseconds are cut, as `new Date(t)` does. */
function iso(ms: number): string {
  return new Date(Math.trunc(ms)).toISOString();
}

function gumEntry(g: GumEntry, traits: EraTraits): Record<string, unknown> {
  const api = g.api ?? 'getUserMedia';
  if (traits.getUserMedia === 'requests') {
    if (g.kind !== 'request') throw new Error('dumps before ~M138 hold getUserMedia requests only');
    return {
      rid: g.rid,
      pid: g.pid,
      origin: g.origin,
      ...(g.audio !== undefined ? { audio: g.audio } : {}),
      ...(g.video !== undefined ? { video: g.video } : {}),
      timestamp: g.at,
    };
  }
  const ids = { pid: g.pid, request_id: g.requestId, request_type: api, rid: g.rid };
  if (g.kind === 'request') {
    return {
      ...(g.audio !== undefined ? { audio: g.audio } : {}),
      origin: g.origin,
      ...ids,
      timestamp: g.at,
      ...(g.url !== undefined && traits.getUserMedia === 'json-results' ? { url: g.url } : {}),
      ...(g.video !== undefined ? { video: g.video } : {}),
    };
  }
  if (g.kind === 'failure') return { error: g.error, error_message: g.message, ...ids, timestamp: g.at };
  // Track infos: "id:<id> label:<label>" (or "") before M142, JSON (or "null") since.
  const info = (t: { id: string; label: string } | undefined) =>
    traits.getUserMedia === 'json-results'
      ? t
        ? JSON.stringify(t)
        : 'null'
      : t
        ? `id:${t.id} label:${t.label}`
        : '';
  return {
    audio_track_info: info(g.audio),
    ...ids,
    stream_id: g.streamId,
    timestamp: g.at,
    video_track_info: info(g.video),
  };
}

/** Sample times one `intervalMs` apart from `start`, with the sub-millisecond jitter real stats have. */
export function sampleTimes(start: number, count: number, intervalMs = 1000): number[] {
  return Array.from({ length: count }, (_, i) => start + i * intervalMs + ((i * 137) % 1000) / 1000);
}

/** A cumulative counter growing by `perSample` each sample (first sample = perSample). */
export function counter(count: number, perSample: number, offset = 0): number[] {
  return Array.from({ length: count }, (_, i) => offset + Math.round(perSample * (i + 1)));
}

/** The same value for every sample. */
export function constant<T>(count: number, value: T): T[] {
  return new Array<T>(count).fill(value);
}

/** Numbers recorded as strings: uint32/uint64 stats members before ~M105, and all legacy goog values. */
export function asStrings(values: readonly unknown[]): string[] {
  return values.map((v) => String(v));
}
