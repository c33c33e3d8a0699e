import type { UpdateLogEra } from '../../model/dump-format.js';
import type { TraceEvent } from '../../model/trace-event.js';
import { canonicalEventType, isStateEvent, normalizeState } from '../event-types.js';
import { normalizeEventValue } from '../event-values.js';
import {
  parseCandidateText,
  parseDataChannelText,
  parseDescriptionText,
  parseIceCandidateError,
  parseOptionsText,
  parseTransceiverText,
} from './legacy-values.js';
import {
  chooseDateOrder,
  type DateOrder,
  estimateZoneOffset,
  parseWallClock,
  type WallClock,
  wallClockMs,
} from './locale-time.js';

export interface NormalizedLog {
  events: TraceEvent[];
  era: UpdateLogEra | undefined;
  /** Times were reconstructed from locale strings. */
  estimated: boolean;
  /** Zone offset used, to reuse for connections without stats. */
  zoneOffset: number | undefined;
  /** The offset was measured on this connection's own stats (worth reusing for others). */
  zoneOffsetReliable: boolean;
  /**
   * Locale times had no trustworthy anchor (see resolveTimes): stats cut at 1000 samples and no
   * close, or no stats in the whole dump (times are then the browser's wall clock read as UTC).
   */
  timesUnanchored: 'truncated' | 'no-stats' | undefined;
  /** The log looks like the snapshot webrtc-internals writes when opened after the connection existed. */
  lateOpenedSnapshot: boolean;
}

/** The stats of a connection, as far as they date its log. */
export interface StatsAnchor {
  /** Earliest stats sample, epoch ms. */
  first: number;
  /** Last sample of the media and transport reports (they stop when the connection closes). */
  last: number;
  /** Series hit the 1000-sample cap: the first sample is not the start of the connection. */
  truncated: boolean;
}

/**
 * Names only webrtc-internals used, before its DOM-name rewrite (~M105): `stop` was pc.close(),
 * data channels had their own verbs, and a failed addIceCandidate its own event.
 */
const OLD_INTERNALS_NAMES: Record<string, string> = {
  stop: 'close',
  createLocalDataChannel: 'createDataChannel',
  onRemoteDataChannel: 'ondatachannel',
  addIceCandidateFailed: 'addIceCandidateOnFailure',
  setLocalDescriptionImplicitCreateOfferOrAnswer: 'setLocalDescription',
};

interface LogEntry {
  type?: unknown;
  value?: unknown;
  time?: unknown;
  timestamp?: unknown;
}

/**
 * Normalizes one connection's updateLog, whatever era wrote it. The connection's stats (`anchor`)
 * date locale times; `knownOffset` is a zone offset measured on another connection of the dump.
 */
export function normalizeUpdateLog(
  entries: readonly unknown[],
  anchor: StatsAnchor | undefined,
  knownOffset: number | undefined,
): NormalizedLog {
  const logEntries = entries.filter((e): e is LogEntry => !!e && typeof e === 'object');
  const era = detectEra(logEntries);
  const types = logEntries.map((e) =>
    typeof e.type === 'string' ? canonicalEventType(OLD_INTERNALS_NAMES[e.type] ?? e.type) : undefined,
  );
  const closeIndex = types.indexOf('close');
  const times = resolveTimes(logEntries, anchor, knownOffset, closeIndex);
  const events: TraceEvent[] = [];
  for (let i = 0; i < logEntries.length; i++) {
    const type = types[i];
    if (type === undefined) continue;
    events.push({
      type,
      timestamp: times.times[i],
      value: normalizeEventValue(type, decodeValue(type, logEntries[i]!.value)),
    });
  }
  return {
    events,
    era,
    estimated: times.estimated,
    zoneOffset: times.offset,
    zoneOffsetReliable: times.reliable,
    timesUnanchored: times.unanchored,
    lateOpenedSnapshot: isSnapshot(logEntries, events),
  };
}

const DOM_NAMES =
  /^(?:signaling|iceconnection|connection|icegathering)statechange$|^(?:icecandidate|negotiationneeded|datachannel|close)$/;
const LEGACY_NAMES =
  /StateChange$|^(?:onIceCandidate|onRenegotiationNeeded|stop|createLocalDataChannel|onRemoteDataChannel)$/;

function detectEra(entries: readonly LogEntry[]): UpdateLogEra | undefined {
  for (const e of entries) {
    if (typeof e.timestamp === 'number') return 'rtcstats';
    if (typeof e.type !== 'string') continue;
    if (/^on(signaling|iceconnection|connection|icegathering)statechange$/.test(e.type)) return 'rtcstats';
    // Names only one of the two locale-time eras used (`icecandidateerror` was shared).
    if (DOM_NAMES.test(e.type)) return 'dom';
    if (LEGACY_NAMES.test(e.type)) return 'legacy';
  }
  return entries.length > 0 ? 'legacy' : undefined;
}

/**
 * Epoch times of the entries. Locale strings are read as wall-clock times and shifted by the zone
 * offset that lines an event up with the stats of the same connection:
 * - the first event with the first stats sample (polling starts when the connection is created);
 * - when the stats were truncated to their last 1000 samples, the first sample is not the start of
 *   the connection any more: the close is lined up with the end of the media stats instead;
 * - failing that, an offset measured on another connection, else the first sample anyway (flagged
 *   `unanchored`: possibly off by a multiple of 15 minutes), else none (wall clock read as UTC).
 */
function resolveTimes(
  entries: readonly LogEntry[],
  anchor: StatsAnchor | undefined,
  knownOffset: number | undefined,
  closeIndex: number,
): {
  times: (number | undefined)[];
  estimated: boolean;
  offset: number | undefined;
  reliable: boolean;
  unanchored: 'truncated' | 'no-stats' | undefined;
} {
  const times: (number | undefined)[] = new Array(entries.length).fill(undefined);
  const clocks: (WallClock | undefined)[] = [];
  let estimated = false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (typeof e.timestamp === 'number' && Number.isFinite(e.timestamp)) times[i] = e.timestamp;
    else if (typeof e.time === 'number' && Number.isFinite(e.time)) times[i] = e.time;
    clocks.push(times[i] === undefined && typeof e.time === 'string' ? parseWallClock(e.time) : undefined);
  }
  const parsed = clocks.filter((c): c is WallClock => c !== undefined);
  if (parsed.length === 0)
    return { times, estimated, offset: knownOffset, reliable: false, unanchored: undefined };
  const order = pickOrder(parsed, anchor?.first);
  const firstWall = wallClockMs(parsed[0]!, order);
  const close = closeIndex >= 0 ? clocks[closeIndex] : undefined;
  let offset: number;
  let reliable = false;
  let unanchored: 'truncated' | 'no-stats' | undefined;
  if (anchor && !anchor.truncated) {
    offset = estimateZoneOffset(firstWall, anchor.first);
    reliable = true;
  } else if (anchor && close) {
    offset = estimateZoneOffset(wallClockMs(close, order), anchor.last);
    reliable = true;
  } else if (knownOffset !== undefined) {
    offset = knownOffset;
  } else {
    offset = anchor ? estimateZoneOffset(firstWall, anchor.first) : 0;
    unanchored = anchor ? 'truncated' : 'no-stats';
  }
  for (let i = 0; i < clocks.length; i++) {
    const c = clocks[i];
    if (c) {
      times[i] = wallClockMs(c, order) + offset;
      estimated = true;
    }
  }
  return { times, estimated, offset, reliable, unanchored };
}

function pickOrder(clocks: readonly WallClock[], anchor: number | undefined): DateOrder {
  const order = chooseDateOrder(clocks);
  if (order !== 'mdy' || anchor === undefined) return order;
  // Ambiguous: both readings are valid dates. Prefer the one within a day of the stats.
  const first = clocks[0]!;
  const day = 24 * 3600 * 1000;
  const mdy = Math.abs(wallClockMs(first, 'mdy') - anchor);
  const dmy = Math.abs(wallClockMs(first, 'dmy') - anchor);
  return dmy < mdy && dmy < day ? 'dmy' : 'mdy';
}

const DESCRIPTION_EVENTS = new Set([
  'createOfferOnSuccess',
  'createAnswerOnSuccess',
  'setLocalDescription',
  'setRemoteDescription',
  'setLocalDescriptionOnSuccess',
  'setRemoteDescriptionOnSuccess',
]);

/** Decodes a value written as JSON (M142+) or as display text (older eras). */
export function decodeValue(type: string, value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const decoded = decodeJsonText(value);
  if (isStateEvent(type)) return normalizeState(typeof decoded === 'string' ? decoded : value) ?? null;
  if (decoded !== undefined) return decoded;
  if (value === '') return null;
  if (DESCRIPTION_EVENTS.has(type)) return parseDescriptionText(value) ?? value;
  if (type === 'onicecandidate' || type === 'addIceCandidate' || type === 'addIceCandidateOnFailure')
    return parseCandidateText(value) ?? value;
  if (type === 'onicecandidateerror') return parseIceCandidateError(value) ?? value;
  if (type === 'createOffer' || type === 'createAnswer') return parseOptionsText(value) ?? value;
  if (type === 'transceiverAdded' || type === 'transceiverModified')
    return parseTransceiverText(value) ?? value;
  if (type === 'createDataChannel' || type === 'ondatachannel') return parseDataChannelText(value) ?? value;
  return value;
}

/** JSON.parse for text that looks like JSON; undefined otherwise. */
function decodeJsonText(text: string): unknown {
  const c = text.charCodeAt(0);
  // { [ " digits - t f n
  const looksJson =
    c === 123 ||
    c === 91 ||
    c === 34 ||
    (c >= 48 && c <= 57) ||
    c === 45 ||
    text === 'true' ||
    text === 'false' ||
    text === 'null';
  if (!looksJson) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Opening webrtc-internals after a connection exists records no history, only a snapshot: a
 * handful of entries with one time — the current descriptions and states, no createOffer/Answer.
 */
function isSnapshot(entries: readonly LogEntry[], events: readonly TraceEvent[]): boolean {
  if (entries.length === 0 || entries.length > 8) return false;
  const first = entries[0]!;
  const sameTime = entries.every((e) => e.time === first.time && e.timestamp === first.timestamp);
  const created = events.some((e) => e.type === 'createOffer' || e.type === 'createAnswer');
  const described = events.some((e) => e.type === 'setLocalDescription' || e.type === 'setRemoteDescription');
  return sameTime && !created && described;
}
