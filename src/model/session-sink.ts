import type { ClientInfo, Identity } from './client-info.js';
import type { FormatInfo } from './dump-format.js';
import type { RawPeerConnection } from './peer-connection.js';
import type { TraceEvent } from './trace-event.js';

/**
 * Receives what a dump reader finds, in reading order. Peer connections arrive one at a time,
 * complete, so a consumer can reduce each to its summary and let the raw series go: a dump
 * larger than memory is read in bounded memory that way.
 */
export interface SessionSink {
  format(info: FormatInfo): void;
  client(info: ClientInfo): void;
  identity(ids: Partial<Identity>): void;
  /** Client-level events: getUserMedia and friends, device and track events, app events. */
  clientEvent(event: TraceEvent): void;
  peerConnection(pc: RawPeerConnection): void;
  /** Something was skipped or repaired; the message says what. */
  warning(message: string): void;
}

/** A whole dump held in memory: what tests and small tools use. */
export interface RawSession {
  format: FormatInfo;
  client: ClientInfo;
  identity: Identity;
  clientEvents: TraceEvent[];
  peerConnections: RawPeerConnection[];
  warnings: string[];
}

/** A sink that keeps everything. */
export function collectingSink(): SessionSink & { session: RawSession } {
  const session: RawSession = {
    format: { format: 'webrtc-internals', gzip: false },
    client: {},
    identity: { extra: {} },
    clientEvents: [],
    peerConnections: [],
    warnings: [],
  };
  return {
    session,
    format: (info) => {
      session.format = info;
    },
    client: (info) => {
      mergeDefined(session.client, info);
    },
    identity: (ids) => {
      mergeIdentity(session.identity, ids);
    },
    clientEvent: (e) => {
      session.clientEvents.push(e);
    },
    peerConnection: (pc) => {
      session.peerConnections.push(pc);
    },
    warning: (m) => {
      session.warnings.push(m);
    },
  };
}

/** Copies the defined fields of `from` onto `into`; later information wins. */
export function mergeDefined<T extends object>(into: T, from: Partial<T>): void {
  for (const key of Object.keys(from) as (keyof T)[]) {
    const value = from[key];
    if (value !== undefined && value !== null && value !== '') into[key] = value as T[keyof T];
  }
}

export function mergeIdentity(into: Identity, from: Partial<Identity>): void {
  const { extra, ...ids } = from;
  mergeDefined(into, ids);
  if (extra) Object.assign(into.extra, extra);
}
