import { STATE_EVENTS } from '../ingest/event-types.js';
import type { RawPeerConnection } from '../model/peer-connection.js';
import type { StatsStore } from '../model/stats-report.js';
import type { TraceEvent } from '../model/trace-event.js';

export interface StateChange {
  state: string;
  at: number | undefined;
}

export interface StateTimelines {
  signaling: StateChange[];
  iceConnection: StateChange[];
  connection: StateChange[];
  iceGathering: StateChange[];
  dtls: StateChange[];
}

export interface ApiError {
  method: string;
  error: string;
  at: number | undefined;
}

/** What a connection's event log says about its life: states, times, failures. */
export interface Lifecycle {
  states: StateTimelines;
  firstEventAt: number | undefined;
  lastEventAt: number | undefined;
  closedAt: number | undefined;
  closed: boolean;
  /**
   * First `connected` (connection state; ICE connected/completed when there is no connection
   * state, or when the DTLS state or the stats show the handshake done).
   */
  connectedAt: number | undefined;
  everConnected: boolean;
  /** ICE reached `connected`/`completed` at least once. */
  iceConnected: boolean;
  /**
   * ICE connected but the connection state went to `failed` without ever being `connected`: the
   * DTLS handshake never completed, so nothing was set up. Not when the DTLS state was logged
   * `connected` or the stats show a connected DTLS transport or received RTP packets: the log
   * then only missed the `connected` event.
   */
  dtlsNeverCompleted: boolean;
  /**
   * The connection was up at some point: `everConnected`, or ICE connected while the connection
   * state, when logged, does not say the handshake failed. Some logs miss connection-state events
   * once ICE is up; ICE alone then has to tell.
   */
  wasUp: boolean;
  failed: boolean;
  failedAt: number | undefined;
  /** Failed after having been up (network loss mid-call, not a setup failure). */
  failedAfterConnected: boolean;
  /**
   * Interruptions once up: `disconnected` changes after the first `connected`, in the ICE or the
   * connection-state timeline, whichever logs more (some logs stop recording ICE states once up).
   */
  disconnections: number;
  /** ICE `checking` to first `connected`/`completed`. */
  iceConnectionTimeMs: number | undefined;
  /** Connection `connecting` to first `connected` (ICE + DTLS). */
  connectionTimeMs: number | undefined;
  /** ICE connected to connection connected: the DTLS handshake. */
  dtlsTimeMs: number | undefined;
  /** First negotiation step (createOffer / setRemoteDescription) to connected. */
  setupTimeMs: number | undefined;
  /** ICE gathering `gathering` to `complete`. */
  gatheringTimeMs: number | undefined;
  apiErrors: ApiError[];
}

export function stateTimelines(events: readonly TraceEvent[]): StateTimelines {
  const out: StateTimelines = {
    signaling: [],
    iceConnection: [],
    connection: [],
    iceGathering: [],
    dtls: [],
  };
  for (const e of events) {
    if (typeof e.value !== 'string') continue;
    const change = { state: e.value, at: e.timestamp };
    switch (e.type) {
      case STATE_EVENTS.signaling:
        out.signaling.push(change);
        break;
      case STATE_EVENTS.iceConnection:
        out.iceConnection.push(change);
        break;
      case STATE_EVENTS.connection:
        out.connection.push(change);
        break;
      case STATE_EVENTS.iceGathering:
        out.iceGathering.push(change);
        break;
      case 'ondtlsstatechange':
        out.dtls.push(change);
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Whether the stats show the DTLS handshake done: a transport whose `dtlsState` was `connected`, or
 * RTP received (SRTP keys come from the handshake). Legacy stats have neither transports nor
 * `dtlsState`; their received packets still tell.
 */
function dtlsCompletedInStats(stats: StatsStore | undefined): boolean {
  if (!stats) return false;
  for (const t of stats.ofType('transport')) {
    const states = t.values('dtlsState');
    if (states && Array.prototype.includes.call(states, 'connected')) return true;
  }
  for (const r of stats.ofType('inbound-rtp')) {
    const packets = r.last('packetsReceived');
    if (typeof packets === 'number' ? packets > 0 : Number(packets) > 0) return true;
  }
  return false;
}

const first = (changes: readonly StateChange[], ...states: string[]): StateChange | undefined =>
  changes.find((c) => states.includes(c.state));

const diff = (a: number | undefined, b: number | undefined): number | undefined =>
  a !== undefined && b !== undefined && b >= a ? b - a : undefined;

export function lifecycle(pc: RawPeerConnection): Lifecycle {
  const events = pc.events;
  const states = stateTimelines(events);
  let firstEventAt: number | undefined;
  let lastEventAt: number | undefined;
  let closedAt: number | undefined;
  let firstNegotiationAt: number | undefined;
  const apiErrors: ApiError[] = [];
  for (const e of events) {
    const t = e.timestamp;
    // Chrome's export logs `remove` when the page drops the connection: not call activity.
    if (t !== undefined && e.type !== 'remove') {
      if (firstEventAt === undefined || t < firstEventAt) firstEventAt = t;
      if (lastEventAt === undefined || t > lastEventAt) lastEventAt = t;
    }
    if (e.type === 'close' && closedAt === undefined) closedAt = t;
    if (firstNegotiationAt === undefined && isNegotiationStart(e)) firstNegotiationAt = t;
    if (e.type.endsWith('OnFailure')) {
      apiErrors.push({ method: e.type.slice(0, -'OnFailure'.length), error: errorText(e.value), at: t });
    }
  }
  const closedState = first(states.signaling, 'closed') ?? first(states.connection, 'closed');
  closedAt ??= closedState?.at;

  const connConnected = first(states.connection, 'connected');
  const iceConnectedChange = first(states.iceConnection, 'connected', 'completed');
  // ICE up without a logged connection-state `connected`: the connection was up if it logs no
  // connection states at all, or if DTLS shows done (the log only missed that event).
  const upByIce =
    iceConnectedChange !== undefined &&
    connConnected === undefined &&
    (states.connection.length === 0 ||
      first(states.dtls, 'connected') !== undefined ||
      dtlsCompletedInStats(pc.stats));
  const connectedChange = connConnected ?? (upByIce ? iceConnectedChange : undefined);
  const failedChange = first(states.connection, 'failed') ?? first(states.iceConnection, 'failed');
  const dtlsNeverCompleted =
    iceConnectedChange !== undefined &&
    connectedChange === undefined &&
    first(states.connection, 'failed') !== undefined;
  const wasUp = connectedChange !== undefined || (iceConnectedChange !== undefined && !dtlsNeverCompleted);
  const failedAfterConnected = wasUp && failedChange !== undefined && failsAfterConnecting(events);

  const checking = first(states.iceConnection, 'checking');
  const connecting = first(states.connection, 'connecting');
  // Old internals logs time events to the second only: durations between them mean nothing.
  const timed = !pc.flags.eventTimesEstimated;
  const gathering = first(states.iceGathering, 'gathering');
  const gathered = states.iceGathering.find(
    (c) =>
      c.state === 'complete' &&
      gathering !== undefined &&
      c.at !== undefined &&
      gathering.at !== undefined &&
      c.at >= gathering.at,
  );

  return {
    states,
    firstEventAt,
    lastEventAt,
    closedAt,
    closed: closedAt !== undefined || closedState !== undefined,
    connectedAt: connectedChange?.at,
    everConnected: connectedChange !== undefined,
    iceConnected: iceConnectedChange !== undefined,
    dtlsNeverCompleted,
    wasUp,
    failed: failedChange !== undefined,
    failedAt: failedChange?.at,
    failedAfterConnected,
    // A connection that never came up had no call to interrupt (ICE up, DTLS never done: 0).
    disconnections: wasUp
      ? Math.max(dropsAfterUp(states.iceConnection).length, dropsAfterUp(states.connection).length)
      : 0,
    iceConnectionTimeMs: timed ? diff(checking?.at, iceConnectedChange?.at) : undefined,
    connectionTimeMs: timed ? diff(connecting?.at, connConnected?.at) : undefined,
    dtlsTimeMs: timed ? diff(iceConnectedChange?.at, connConnected?.at) : undefined,
    setupTimeMs: timed ? diff(firstNegotiationAt, connectedChange?.at) : undefined,
    gatheringTimeMs: timed ? diff(gathering?.at, gathered?.at) : undefined,
    apiErrors,
  };
}

/** The `disconnected` changes of a timeline after its first `connected`/`completed`: interruptions of a working call. */
export function dropsAfterUp(changes: readonly StateChange[]): StateChange[] {
  const up = changes.findIndex((s) => s.state === 'connected' || s.state === 'completed');
  return up === -1 ? [] : changes.slice(up).filter((s) => s.state === 'disconnected');
}

/** A `failed` state logged after a `connected` one, in log order (times may be missing). */
function failsAfterConnecting(events: readonly TraceEvent[]): boolean {
  let connected = false;
  for (const e of events) {
    if (e.type !== STATE_EVENTS.connection && e.type !== STATE_EVENTS.iceConnection) continue;
    if (e.value === 'connected' || e.value === 'completed') connected = true;
    else if (e.value === 'failed' && connected) return true;
  }
  return false;
}

/**
 * A step that opens an offer/answer exchange; the first one logged starts the setup. An implicit
 * `setLocalDescription()` offers without createOffer. Some clients log setRemoteDescription without
 * its description (jitsi strips the SDP): before any local step it can only be the remote offer.
 * A description of a known other type (answer, pranswer, rollback) starts nothing.
 */
function isNegotiationStart(e: TraceEvent): boolean {
  if (e.type === 'createOffer') return true;
  const type = descriptionType(e.value);
  if (e.type === 'setLocalDescription') return type === undefined || type === 'offer';
  if (e.type === 'setRemoteDescription') return type === undefined || type === 'offer';
  return false;
}

export function descriptionType(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const t = (value as { type?: unknown }).type;
    if (typeof t === 'string') return t;
  }
  return undefined;
}

export function errorText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const name = v.name ?? v.error;
    const message = v.message ?? v.error_message;
    if (name || message) return [name, message].filter(Boolean).join(': ');
  }
  return JSON.stringify(value) ?? 'unknown error';
}
