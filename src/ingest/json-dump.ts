import type { SessionSink } from '../model/session-sink.js';
import { unreadable } from './errors.js';
import { getUserMediaEvent } from './internals/get-user-media.js';
import { InternalsPcBuilder } from './internals/pc-builder.js';
import { readJsonDocument } from './json/read-document.js';
import type { JsonPath, JsonVisitor, VisitMode } from './json/visitor.js';
import { FullStatsDecoder, LegacyDeltaDecoder, type StatsDecoder } from './rtcstats/stats-decoders.js';
import { TraceCollector } from './rtcstats/trace-collector.js';

const RECOGNIZED = 'JSON document';

/**
 * One JSON document: a chrome://webrtc-internals export (`PeerConnections`, `getUserMedia`,
 * `UserAgent`…) or a legacy whole-file rtcstats dump (`peerConnections` of `{time, type, value}`
 * events, fileFormat "0"). webrtc-internals connections are handed to the sink one by one as
 * their closing brace is read, so only one connection's series are in memory at a time.
 */
class JsonDumpVisitor implements JsonVisitor {
  readonly #sink: SessionSink;
  #pc: InternalsPcBuilder | undefined;
  #zoneOffset: number | undefined;
  /** Connections with locale times and no stats, waiting for a zone offset from a later one. */
  readonly #awaitingOffset: InternalsPcBuilder[] = [];
  #internalsPcs = 0;
  #internalsMedia = 0;
  #legacy: TraceCollector | undefined;
  readonly #legacyDecoders = new Map<string, StatsDecoder>();
  /** Top-level keys in the order read; a Set, as a dump can have a million of them (issue 26). */
  readonly #topKeys = new Set<string>();
  rootIsArray = false;

  constructor(sink: SessionSink) {
    this.#sink = sink;
  }

  enter(path: JsonPath, kind: 'object' | 'array'): VisitMode {
    const depth = path.length;
    if (depth === 0) {
      if (kind === 'array') {
        this.rootIsArray = true;
        return 'skip';
      }
      return 'descend';
    }
    const top = path[0];
    if (depth === 1 && typeof top === 'string') this.#topKeys.add(top);
    if (top === 'PeerConnections') {
      if (depth === 1) return 'descend';
      if (depth === 2) {
        this.#pc = new InternalsPcBuilder(String(path[1]));
        this.#internalsPcs++;
        return 'descend';
      }
      if (depth === 3) return path[2] === 'stats' || path[2] === 'updateLog' ? 'descend' : 'collect';
      return 'collect';
    }
    if (top === 'peerConnections' || top === 'getUserMedia')
      return depth <= 2 && !(depth === 2 && top === 'getUserMedia') ? 'descend' : 'collect';
    return 'collect';
  }

  value(path: JsonPath, value: unknown): void {
    const depth = path.length;
    const top = path[0];
    if (depth === 1 && typeof top === 'string') {
      this.#topKeys.add(top);
      this.#topLevel(top, value);
      return;
    }
    if (top === 'PeerConnections' && this.#pc) {
      if (depth === 3) this.#pc.field(String(path[2]), value);
      else if (depth === 4 && path[2] === 'stats') this.#pc.stat(String(path[3]), value);
      else if (depth === 4 && path[2] === 'updateLog') this.#pc.logEntry(value);
      return;
    }
    if (top === 'getUserMedia' && depth === 2) {
      if (isLegacyEvent(value)) this.#legacyRecord(null, value);
      else {
        const event = getUserMediaEvent(value);
        if (event) {
          this.#internalsMedia++;
          this.#sink.clientEvent(event);
        }
      }
      return;
    }
    if (top === 'peerConnections' && depth === 3 && isLegacyEvent(value))
      this.#legacyRecord(String(path[1]), value);
  }

  leave(path: JsonPath): void {
    if (path.length === 2 && path[0] === 'PeerConnections' && this.#pc) {
      const builder = this.#pc;
      this.#pc = undefined;
      // Such a connection holds only its log: keep it until a connection with stats dates the zone.
      if (this.#zoneOffset === undefined && builder.awaitsZoneOffset) this.#awaitingOffset.push(builder);
      else this.#emit(builder);
    }
  }

  #emit(builder: InternalsPcBuilder): void {
    const { pc, zoneOffset, warnings } = builder.finish(this.#zoneOffset);
    if (zoneOffset !== undefined) this.#zoneOffset = zoneOffset;
    for (const w of warnings) this.#sink.warning(w);
    this.#sink.peerConnection(pc);
  }

  finish(gzip: boolean): void {
    for (const builder of this.#awaitingOffset.splice(0)) this.#emit(builder);
    if (this.rootIsArray) throw unreadable('This JSON document is an array, not a WebRTC dump.', RECOGNIZED);
    const internals = this.#topKeys.has('PeerConnections') || this.#internalsMedia > 0;
    if (this.#legacy) {
      this.#sink.format({ format: 'rtcstats-legacy', fileFormat: 0, gzip });
      this.#legacy.finish();
      return;
    }
    if (!internals && !this.#topKeys.has('peerConnections')) {
      const keys = [...this.#topKeys].slice(0, 8).join(', ');
      throw unreadable(
        `This is JSON, but not a WebRTC dump: it has no PeerConnections (webrtc-internals) or peerConnections (rtcstats) member${keys ? ` (found: ${keys})` : ''}.`,
        RECOGNIZED,
      );
    }
    this.#sink.format({ format: internals ? 'webrtc-internals' : 'rtcstats-legacy', gzip });
  }

  get internalsPcs(): number {
    return this.#internalsPcs;
  }

  #topLevel(key: string, value: unknown): void {
    const num = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    switch (key) {
      case 'UserAgent':
      case 'userAgent':
        if (typeof value === 'string') this.#sink.client({ userAgent: value });
        return;
      case 'UserAgentData':
        this.#sink.client({ userAgentData: value });
        return;
      case 'deviceMemory':
        this.#sink.client({ deviceMemory: num });
        return;
      case 'hardwareConcurrency':
        this.#sink.client({ hardwareConcurrency: num });
        return;
      case 'cpuPerformance':
        this.#sink.client({ cpuPerformance: num });
        return;
      case 'timestamp':
        this.#sink.client({ dumpTime: num });
        return;
      case 'url':
        if (typeof value === 'string') this.#sink.client({ url: value });
        return;
      default:
        return;
    }
  }

  #legacyRecord(pcId: string | null, event: { time?: unknown; type: string; value?: unknown }): void {
    this.#legacy ??= new TraceCollector(this.#sink);
    const time =
      typeof event.time === 'string'
        ? Date.parse(event.time)
        : typeof event.time === 'number'
          ? event.time
          : Number.NaN;
    const at = Number.isFinite(time) ? time : undefined;
    if ((event.type === 'getStats' || event.type === 'getstats') && pcId !== null) {
      let decoder = this.#legacyDecoders.get(pcId);
      if (!decoder) {
        decoder = event.type === 'getStats' ? new FullStatsDecoder() : new LegacyDeltaDecoder(false);
        this.#legacyDecoders.set(pcId, decoder);
      }
      this.#legacy.stats(pcId, decoder, event.value, at);
      return;
    }
    this.#legacy.record(event.type, pcId, event.value, [], at);
  }
}

function isLegacyEvent(value: unknown): value is { time?: unknown; type: string; value?: unknown } {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { type?: unknown }).type === 'string' &&
    !('request_type' in value)
  );
}

export async function readJsonDump(
  chunks: AsyncIterable<Buffer>,
  sink: SessionSink,
  gzip: boolean,
): Promise<void> {
  const visitor = new JsonDumpVisitor(sink);
  await readJsonDocument(chunks, visitor);
  visitor.finish(gzip);
}
