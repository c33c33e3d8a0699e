import type { CarryBudget } from './carry-budget.js';
import { decodeProperty, decodeStatsType } from './compression-tables.js';

export type Report = Record<string, unknown>;

/**
 * Receives the reports of one getStats poll, fully decoded (with their timestamp), in order.
 * `changed`, from delta decoders, holds what changed since the previous poll when the report
 * object carries on from it (undefined when it started over): most of a delta-compressed poll is
 * unchanged, and series then skip what did not change (see RowStatsReport.append).
 */
export type ReportSink = (
  id: string,
  report: Report,
  changed: Report | undefined,
  slot: ReportSlot | undefined,
) => void;

/**
 * The same object at every poll for one report id, from decoders that keep one per id: the
 * receiver of the reports may keep what it looked up for the id in `held` (its series, its
 * normalized type) rather than look it up again at every poll.
 */
export interface ReportSlot {
  held: unknown;
}

/**
 * Turns the recorded value of one getStats record into the full set of reports of that poll,
 * handed to `emit` one by one (no per-poll collection: a long call has thousands of polls). Delta
 * decoders keep one object per report and update it in place poll after poll (copying every
 * report at every poll was the main cost of reading delta-compressed dumps): read a report when
 * it is emitted, and keep its values, not the object. Returns false when the value is not a poll.
 */
export interface StatsDecoder {
  /** Takes `value` over: it is freshly parsed, and decoders may keep and change its objects. */
  decode(value: unknown, recordTime: number | undefined, emit: ReportSink): boolean;
}

/** What changed in a report a poll left out as unchanged. */
const NO_CHANGES: Report = Object.freeze({});

const isObject = (v: unknown): v is Report => !!v && typeof v === 'object' && !Array.isArray(v);

/** Uncompressed getStats (Chrome's rtcstats export, `getStats` in old clients): each poll is complete. */
export class FullStatsDecoder implements StatsDecoder {
  decode(value: unknown, recordTime: number | undefined, emit: ReportSink): boolean {
    if (!isObject(value)) return false;
    for (const id in value) {
      const report = value[id];
      if (isObject(report))
        emit(id, withTimestamp(report, report.timestamp, recordTime), undefined, undefined);
    }
    return true;
  }
}

/**
 * rtcstats file format 3 delta compression: unchanged properties are dropped, property names and
 * types are numeric, the common timestamp moves to `t`, removed reports get a `null` tombstone and
 * unchanged reports are left out.
 */
export class V3StatsDecoder implements StatsDecoder {
  #base = new Map<string, Report>();
  #prevT: number | undefined;

  /** `budget` counts the reports carried into polls that left them out. */
  constructor(private readonly budget?: CarryBudget) {}

  decode(value: unknown, recordTime: number | undefined, emit: ReportSink): boolean {
    if (!isObject(value)) return false;
    const t = typeof value.t === 'number' ? value.t : recordTime;
    const next = new Map<string, Report>();
    const removed = new Set<string>();
    for (const [id, raw] of Object.entries(value)) {
      if (id === 't') continue;
      if (raw === null) {
        removed.add(id);
        continue;
      }
      if (!isObject(raw)) continue;
      const delta: Report = {};
      for (const [key, v] of Object.entries(raw)) {
        const name = decodeProperty(key);
        delta[name] = name === 'type' ? decodeStatsType(v) : v;
      }
      const prev = this.#base.get(id);
      const merged = prev ? applyDelta(prev, delta) : delta;
      merged.timestamp = typeof delta.timestamp === 'number' ? delta.timestamp : t;
      next.set(id, merged);
      emit(id, merged, prev ? delta : undefined, undefined);
    }
    let carried = 0;
    for (const [id, prev] of this.#base) {
      if (next.has(id) || removed.has(id)) continue;
      carried++;
      // Left out = unchanged. A report that had the poll's timestamp moves on with the poll; one
      // with its own timestamp (remote RTCP-based reports) keeps it.
      if (prev.timestamp === this.#prevT) prev.timestamp = t;
      next.set(id, prev);
      emit(id, prev, NO_CHANGES, undefined);
    }
    this.#base = next;
    this.#prevT = t;
    this.budget?.carry(carried);
    return true;
  }
}

interface ReportState extends ReportSlot {
  report: Report;
  /** The last poll that listed the report, and what it changed. */
  poll: number;
  changed: Report | undefined;
}

/**
 * Delta compression of rtcstats clients before format 3 (the `rtcstats` npm client, jitsi):
 * unchanged properties dropped, `timestamp: 0` meaning the poll's top-level `timestamp`.
 * `absentIsRemoved`: jitsi's reader drops reports missing from a poll; one that comes back starts
 * over when it is listed in full (with its `type`), and carries on from its last values when it
 * comes back as a delta (jitsi's client leaves out a report none of whose values changed, so a
 * paused stream's report leaves and returns with only what changed: starting it over read the
 * 32 231 packets of google-legacy-screenshare-p2p's received video as 0). The older reader keeps
 * them (its clients only leave out reports whose every property, timestamp included, is unchanged).
 */
export class LegacyDeltaDecoder implements StatsDecoder {
  readonly #absentIsRemoved: boolean;
  /** Every report seen, by id: a poll number tells which are current (no map per poll). */
  readonly #states = new Map<string, ReportState>();
  #poll = 0;

  /** `budget` counts the reports carried into polls that left them out (older clients only). */
  constructor(
    absentIsRemoved: boolean,
    private readonly budget?: CarryBudget,
  ) {
    this.#absentIsRemoved = absentIsRemoved;
  }

  decode(value: unknown, recordTime: number | undefined, emit: ReportSink): boolean {
    if (!isObject(value)) return false;
    // RtcStats.java sent {timestamp, values}; servers unwrapped it, some dumps did not.
    const body = isObject(value.values) && Object.keys(value).length <= 2 ? value.values : value;
    const top = toMs(value.timestamp) ?? recordTime;
    const poll = ++this.#poll;
    const dropAbsent = this.#absentIsRemoved;
    for (const id in body) {
      const raw = body[id];
      if (id === 'timestamp' || !isObject(raw)) continue;
      let state = this.#states.get(id);
      // A report back after polls that left it out: a delta (no `type`, which only a full report
      // repeats) carries on from its last values; a full report starts over.
      const carriesOn = !dropAbsent || state?.poll === poll - 1 || raw.type === undefined;
      const prev = state && carriesOn ? state.report : undefined;
      const own = raw.timestamp === 0 || raw.timestamp === undefined ? top : (toMs(raw.timestamp) ?? top);
      // A new report is the parsed object itself, no copy: nothing else holds it (see decode).
      const merged = prev ? applyDelta(prev, raw) : raw;
      merged.timestamp = own;
      const changed = prev ? raw : undefined;
      if (state) {
        state.report = merged;
        state.poll = poll;
        state.changed = changed;
      } else {
        state = { report: merged, poll, changed, held: undefined };
        this.#states.set(id, state);
      }
      // Jitsi: the poll is what it lists, in its order.
      if (dropAbsent) emit(id, merged, changed, state);
    }
    // Older clients: every report seen so far, in order of first appearance.
    if (!dropAbsent) {
      let carried = 0;
      this.#states.forEach((s, id) => {
        if (s.poll !== poll) carried++;
        emit(id, s.report, s.poll === poll ? s.changed : NO_CHANGES, s);
      });
      this.budget?.carry(carried);
    }
    return true;
  }
}

/**
 * Updates `report` with the properties of `delta`. Nested objects are replaced, never mutated.
 * The timestamp is left to the caller, which always sets it next (most deltas hold nothing else).
 * Runs for every report of every poll, mostly on string and number values: `typeof` first.
 */
function applyDelta(report: Report, delta: Report): Report {
  for (const key in delta) {
    if (key === 'timestamp') continue;
    const v = delta[key];
    if (typeof v === 'object' && isObject(v)) {
      const old = report[key];
      report[key] = isObject(old) ? { ...old, ...v } : v;
    } else report[key] = v;
  }
  return report;
}

function withTimestamp(report: Report, own: unknown, fallback: number | undefined): Report {
  const ms = toMs(own) ?? fallback;
  return ms === report.timestamp ? report : { ...report, timestamp: ms };
}

/** Report timestamps are epoch ms numbers, or ISO strings in the oldest clients. */
function toMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : undefined;
  }
  return undefined;
}
