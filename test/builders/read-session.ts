import { readDump } from '../../src/ingest/index.js';
import {
  collectingSink,
  type RawPeerConnection,
  type RawSession,
  type TraceEvent,
} from '../../src/model/index.js';

/** Reads dump bytes through the public reader into an in-memory session. */
export async function readSession(bytes: Buffer): Promise<RawSession> {
  const sink = collectingSink();
  await readDump(bytes, sink);
  return sink.session;
}

export function connection(session: RawSession, id: string): RawPeerConnection {
  const pc = session.peerConnections.find((p) => p.id === id);
  if (!pc)
    throw new Error(`no connection ${id} (have ${session.peerConnections.map((p) => p.id).join(', ')})`);
  return pc;
}

/** Events of one type, in log order. */
export function eventsOf(pc: RawPeerConnection, type: string): TraceEvent[] {
  return pc.events.filter((e) => e.type === type);
}

/** Values of the state-change events of one type, in log order. */
export function statesOf(pc: RawPeerConnection, type: string): unknown[] {
  return eventsOf(pc, type).map((e) => e.value);
}
