import type { ClientInfo, Identity } from '../../model/client-info.js';
import type { RawPeerConnection } from '../../model/peer-connection.js';
import { PollClock } from '../../model/poll-clock.js';
import { SeriesCache } from '../../model/series-cache.js';
import type { SessionSink } from '../../model/session-sink.js';
import { StatsStore } from '../../model/stats-report.js';
import { RowStatsReport } from '../../model/stats-rows.js';
import type { TraceEvent } from '../../model/trace-event.js';
import { parseConfiguration } from '../configuration.js';
import { canonicalEventType } from '../event-types.js';
import { normalizeEventValue } from '../event-values.js';
import { normalizeMediaFailure, normalizeMediaSuccess } from '../media-events.js';
import { normalizePeerConnectionStats } from '../stats/normalize.js';
import { normalizeStatsType } from '../stats/stats-types.js';
import { identityFromConstraints, identityFromRecord } from './identity.js';
import { DescriptionTracker } from './sdp-compression.js';
import type { StatsDecoder } from './stats-decoders.js';

interface PcState {
  id: string;
  url?: string;
  configuration?: Record<string, unknown>;
  constraints?: unknown;
  events: TraceEvent[];
  reports: Map<string, RowStatsReport>;
  /** Poll times and the series read last, shared by the connection's reports. */
  clock: PollClock;
  cache: SeriesCache;
  descriptions: DescriptionTracker;
}

/** What the collector keeps in a decoder's slot for a report id (see ReportSlot). */
interface HeldSeries {
  rawType: unknown;
  type: string;
  series: RowStatsReport;
}

/** Events that describe the client or the page rather than a connection, whatever pc id they carry. */
const CLIENT_METHOD =
  /^(navigator\.|MediaStreamTrack\.|HTMLMediaElement\.|getUserMedia|getDisplayMedia|enumerateDevices)/;

/**
 * Shared back end of the rtcstats-family readers (formats 1-3, Chrome's export, jitsi): routes
 * each decoded record to the client or to its connection, keeps connection stats as series, and
 * hands finished connections to the sink.
 */
export class TraceCollector {
  readonly #sink: SessionSink;
  readonly #pcs = new Map<string, PcState>();

  constructor(sink: SessionSink) {
    this.#sink = sink;
  }

  /** One record with its method already decoded and its time made absolute. */
  record(
    rawMethod: string,
    pcId: string | null,
    value: unknown,
    extra: readonly unknown[],
    time: number | undefined,
  ): void {
    const method = canonicalEventType(rawMethod);
    if (pcId === null || CLIENT_METHOD.test(method)) {
      this.#clientRecord(method, value, extra, time, pcId);
      return;
    }
    const pc = this.#pc(pcId);
    switch (method) {
      case 'create':
        pc.configuration = parseConfiguration(value);
        if (typeof extra[0] === 'string') pc.url = extra[0];
        break;
      case 'constraints': {
        pc.constraints = value;
        const ids = identityFromConstraints(value);
        if (ids) this.#sink.identity(ids);
        break;
      }
      default:
        break;
    }
    const decoded = pc.descriptions.apply(method, value);
    pc.events.push({
      type: method,
      timestamp: time,
      value: normalizeEventValue(method, decoded),
      ...(extra.length > 0 ? { extra } : {}),
    });
  }

  /** One getStats record of a connection, decoded by the connection's `decoder`. */
  stats(pcId: string, decoder: StatsDecoder, value: unknown, time: number | undefined): void {
    let pc: PcState | undefined;
    const polled = decoder.decode(value, time, (id, report, changed, slot) => {
      pc ??= this.#pc(pcId);
      const ts = typeof report.timestamp === 'number' ? report.timestamp : time;
      // The series and type found at the id's last poll, while its type is the same string.
      const rawType = report.type;
      const held = slot?.held as HeldSeries | undefined;
      const known = held !== undefined && held.rawType === rawType;
      const type = known ? held.type : normalizeStatsType(rawType);
      let series = known ? held.series : pc.reports.get(id);
      if (!type || ts === undefined) {
        // Skipped: the changes of this poll never reach the series, so its next append reads all.
        series?.resync();
        return;
      }
      if (!series) {
        series = new RowStatsReport(id, type, pc.clock, pc.cache);
        pc.reports.set(id, series);
      }
      if (slot && !known) slot.held = { rawType, type, series } satisfies HeldSeries;
      series.append(ts, report, changed);
    });
    if (polled) this.#pc(pcId);
  }

  /**
   * Emits every connection, in order of first appearance. Each one's series are let go as soon as
   * it is emitted, so that the next one's views are built without them.
   */
  finish(): void {
    // No more polls: the spare capacity of every connection's series goes before views are built.
    for (const state of this.#pcs.values()) {
      state.clock.trim();
      for (const r of state.reports.values()) r.trim();
    }
    for (const state of this.#pcs.values()) {
      const stats = new StatsStore();
      for (const r of state.reports.values()) stats.set(r);
      state.reports = new Map();
      const pc: RawPeerConnection = {
        id: state.id,
        url: state.url,
        configuration: state.configuration,
        constraints: state.constraints,
        events: state.events,
        stats,
        flags: {},
      };
      normalizePeerConnectionStats(pc);
      this.#sink.peerConnection(pc);
    }
    this.#pcs.clear();
  }

  #pc(id: string): PcState {
    let pc = this.#pcs.get(id);
    if (!pc) {
      pc = {
        id,
        events: [],
        reports: new Map(),
        clock: new PollClock(),
        cache: new SeriesCache(),
        descriptions: new DescriptionTracker(),
      };
      this.#pcs.set(id, pc);
    }
    return pc;
  }

  #clientRecord(
    method: string,
    value: unknown,
    extra: readonly unknown[],
    time: number | undefined,
    pcId: string | null,
  ): void {
    const sink = this.#sink;
    if (method === 'create' && value && typeof value === 'object') {
      sink.client(clientFromCreate(value as Record<string, unknown>));
      return;
    }
    if (method === 'identity') {
      const ids = identityFromRecord(value);
      if (ids) sink.identity(ids);
      return;
    }
    if (method === 'connectionInfo') {
      const info = parseMaybeJson(value);
      if (info && typeof info === 'object') {
        const v = info as Record<string, unknown>;
        sink.client({
          userAgent: str(v.userAgent),
          url: str(v.url),
          origin: str(v.origin),
          dumpTime: time,
        });
      }
      return;
    }
    let normalized = value;
    if (method.endsWith('OnSuccess') && /getUserMedia|getDisplayMedia/.test(method))
      normalized = normalizeMediaSuccess(value);
    else if (method.endsWith('OnFailure') && /getUserMedia|getDisplayMedia/.test(method))
      normalized = normalizeMediaFailure(value);
    const event: TraceEvent = {
      type: method,
      timestamp: time,
      value: normalized ?? null,
      ...(extra.length > 0 || pcId !== null ? { extra: pcId !== null ? [...extra, pcId] : extra } : {}),
    };
    sink.clientEvent(event);
  }
}

function clientFromCreate(v: Record<string, unknown>): ClientInfo {
  const screen = v.screen && typeof v.screen === 'object' ? (v.screen as ClientInfo['screen']) : undefined;
  const win = v.window && typeof v.window === 'object' ? (v.window as ClientInfo['window']) : undefined;
  return {
    hardwareConcurrency: num(v.hardwareConcurrency),
    deviceMemory: num(v.deviceMemory),
    cpuPerformance: num(v.cpuPerformance),
    userAgentData: v.userAgentData ?? undefined,
    screen,
    window: win,
    reloadCount: num(v.reloadCount),
  };
}

function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export type { Identity };
