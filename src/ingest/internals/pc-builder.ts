import type { RawPeerConnection } from '../../model/peer-connection.js';
import { ColumnarStatsReport, decodeSeries, type RawSeries } from '../../model/stats-columnar.js';
import { StatsStore } from '../../model/stats-report.js';
import { parseConfiguration } from '../configuration.js';
import { normalizePeerConnectionStats } from '../stats/normalize.js';
import { normalizeStatsType } from '../stats/stats-types.js';
import { inferStatsType, splitStatsKey } from './stats-keys.js';
import { normalizeUpdateLog, type StatsAnchor } from './update-log.js';

/** webrtc-internals keeps at most this many points per series (data_series.js). */
export const INTERNALS_SERIES_CAP = 1000;

/**
 * Reports that stop being polled when the connection closes (its transceivers and transports are
 * gone), standard and legacy goog types: their last sample dates the close.
 */
const MEDIA_TYPES = new Set([
  'inbound-rtp',
  'outbound-rtp',
  'candidate-pair',
  'transport',
  'ssrc',
  'googCandidatePair',
]);

interface PendingReport {
  statsType: string | undefined;
  series: Map<string, RawSeries>;
}

/** Accumulates one `PeerConnections["<rid>-<lid>"]` entry of a webrtc-internals dump. */
export class InternalsPcBuilder {
  readonly id: string;
  readonly #fields = new Map<string, unknown>();
  readonly #log: unknown[] = [];
  readonly #reports = new Map<string, PendingReport>();
  #skippedKeys = 0;

  constructor(id: string) {
    this.id = id;
  }

  field(key: string, value: unknown): void {
    this.#fields.set(key, value);
  }

  logEntry(entry: unknown): void {
    this.#log.push(entry);
  }

  /** No stats to date its locale-time log: a zone offset found on another connection is needed. */
  get awaitsZoneOffset(): boolean {
    return (
      this.#reports.size === 0 &&
      this.#log.some(
        (e) => !!e && typeof e === 'object' && typeof (e as { time?: unknown }).time === 'string',
      )
    );
  }

  stat(key: string, entry: unknown): void {
    const split = splitStatsKey(key);
    if (!split || !entry || typeof entry !== 'object') {
      this.#skippedKeys++;
      return;
    }
    // Series the page computed (`[bytesSent_in_bits/s]`) are recomputed from counters instead.
    if (split.computed) return;
    const e = entry as Record<string, unknown>;
    if (typeof e.values !== 'string' && !Array.isArray(e.values)) {
      this.#skippedKeys++;
      return;
    }
    let report = this.#reports.get(split.id);
    if (!report) {
      report = { statsType: undefined, series: new Map() };
      this.#reports.set(split.id, report);
    }
    if (typeof e.statsType === 'string') report.statsType = e.statsType;
    report.series.set(split.attribute, {
      values: e.values as string | unknown[],
      startTime: e.startTime,
      endTime: e.endTime,
    });
  }

  /**
   * Builds the connection. `knownZoneOffset` is the time zone offset found on an earlier
   * connection, for old logs with locale times and no stats of their own to anchor them. The
   * offset returned is one future connections can trust (undefined when this one had to guess).
   */
  finish(knownZoneOffset: number | undefined): {
    pc: RawPeerConnection;
    zoneOffset: number | undefined;
    warnings: string[];
  } {
    const warnings: string[] = [];
    const stats = new StatsStore();
    let truncated = false;
    const span = {
      first: Number.POSITIVE_INFINITY,
      last: Number.NEGATIVE_INFINITY,
      media: Number.NEGATIVE_INFINITY,
    };
    for (const [id, pending] of this.#reports) {
      const report = buildReport(id, pending);
      if (!report) continue;
      stats.set(report);
      if (report.size >= INTERNALS_SERIES_CAP) truncated = true;
      const n = report.size;
      if (n === 0) continue;
      span.first = Math.min(span.first, report.timestamps[0]!);
      span.last = Math.max(span.last, report.timestamps[n - 1]!);
      if (MEDIA_TYPES.has(report.type)) span.media = Math.max(span.media, report.timestamps[n - 1]!);
    }
    if (this.#skippedKeys > 0)
      warnings.push(`${this.id}: ${this.#skippedKeys} stats series with unexpected shape were skipped`);
    const anchor: StatsAnchor | undefined = Number.isFinite(span.first)
      ? { first: span.first, last: Number.isFinite(span.media) ? span.media : span.last, truncated }
      : undefined;
    const log = normalizeUpdateLog(this.#log, anchor, knownZoneOffset);
    if (log.timesUnanchored === 'truncated')
      warnings.push(
        `${this.id}: event times are estimated from locale strings and may be off by a multiple of 15 minutes (stats truncated to the last ${INTERNALS_SERIES_CAP} samples, no close to anchor them)`,
      );
    else if (log.timesUnanchored === 'no-stats')
      warnings.push(
        `${this.id}: event times are read from locale strings in the browser's time zone (no stats in the dump to find its offset from UTC)`,
      );
    const url = this.#fields.get('url');
    const pc: RawPeerConnection = {
      id: this.id,
      url: typeof url === 'string' ? url : undefined,
      configuration: parseConfiguration(this.#fields.get('rtcConfiguration')),
      constraints: emptyToUndefined(this.#fields.get('constraints')),
      events: log.events,
      stats,
      flags: {
        updateLogEra: log.era,
        ...(truncated ? { statsTruncated: true } : {}),
        ...(log.lateOpenedSnapshot ? { lateOpenedSnapshot: true } : {}),
        ...(log.estimated ? { eventTimesEstimated: true } : {}),
      },
    };
    // Legacy goog stats (and early standard quirks) become today's standard types.
    normalizePeerConnectionStats(pc);
    return { pc, zoneOffset: log.zoneOffsetReliable ? log.zoneOffset : undefined, warnings };
  }
}

function buildReport(id: string, pending: PendingReport): ColumnarStatsReport | undefined {
  const series = pending.series;
  const type =
    normalizeStatsType(pending.statsType) ??
    normalizeStatsType(inferStatsType(id, lastOf(series.get('isRemote'))));
  if (!type) return undefined;
  const timestampSeries = series.get('timestamp');
  series.delete('timestamp');
  const timestamps = (timestampSeries && decodeTimestamps(timestampSeries)) ?? synthesizeTimestamps(series);
  if (!timestamps || timestamps.length === 0) return undefined;
  return new ColumnarStatsReport(id, type, series, timestamps);
}

/** M117+ records a `<id>-timestamp` series: the report timestamps, epoch ms. */
function decodeTimestamps(series: RawSeries): number[] | undefined {
  const decoded = decodeSeries(series.values);
  if (!decoded || decoded.length === 0) return undefined;
  const out: number[] = [];
  for (const v of decoded) {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) return undefined;
    out.push(n);
  }
  return out;
}

/**
 * Before M117 only the first and last sample times are known: samples were taken once per
 * second (the page's default), so space them evenly between the longest series' start and end.
 */
function synthesizeTimestamps(series: Map<string, RawSeries>): number[] | undefined {
  let longest: RawSeries | undefined;
  let length = 0;
  for (const s of series.values()) {
    const decoded = decodeSeries(s.values);
    if (decoded && decoded.length > length) {
      length = decoded.length;
      longest = s;
    }
  }
  if (!longest || length === 0) return undefined;
  const end = isoMs(longest.endTime);
  if (end === undefined) return undefined;
  // Legacy stats sometimes carry a 1970 startTime: fall back to one-second spacing from the end.
  const start = isoMs(longest.startTime);
  const plausibleStart = start !== undefined && start > 946684800000 ? start : undefined;
  const step = plausibleStart !== undefined && length > 1 ? (end - plausibleStart) / (length - 1) : 1000;
  const out: number[] = new Array(length);
  for (let i = 0; i < length; i++) out[i] = end - step * (length - 1 - i);
  return out;
}

function isoMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function lastOf(series: RawSeries | undefined): unknown {
  if (!series) return undefined;
  const decoded = decodeSeries(series.values);
  return decoded?.[decoded.length - 1];
}

function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}
