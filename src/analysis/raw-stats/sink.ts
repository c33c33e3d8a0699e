import { asDumpError } from '../../ingest/errors.js';
import type { DumpInput } from '../../ingest/input.js';
import { type ReadOptions, readDump } from '../../ingest/read-dump.js';
import type { FormatInfo } from '../../model/dump-format.js';
import type { RawPeerConnection } from '../../model/peer-connection.js';
import type { SessionSink } from '../../model/session-sink.js';
import type { TraceEvent } from '../../model/trace-event.js';

export interface RawVisitor {
  format?(info: FormatInfo): void;
  clientEvent?(event: TraceEvent): void;
  /** Each connection once, complete; it is dropped after the call, so memory holds one at a time. */
  peerConnection?(pc: RawPeerConnection): void;
}

/**
 * Streams a dump through the ingest readers (all three formats) and hands the visitor what the
 * explorer needs; identity, client info and warnings are ignored. A damaged dump is a DumpError.
 */
export async function visitDump(input: DumpInput, visitor: RawVisitor, options: ReadOptions): Promise<void> {
  const sink: SessionSink = {
    format: (info) => visitor.format?.(info),
    client: () => {},
    identity: () => {},
    clientEvent: (event) => visitor.clientEvent?.(event),
    peerConnection: (pc) => visitor.peerConnection?.(pc),
    warning: () => {},
  };
  await readDump(input, sink, options).catch((error: unknown) => {
    throw asDumpError(error, 'read') ?? error;
  });
}
