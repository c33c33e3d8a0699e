import type { UpdateLogEra } from './dump-format.js';
import type { StatsStore } from './stats-report.js';
import type { TraceEvent } from './trace-event.js';

/** What ingest knows about how complete and trustworthy a connection's record is. */
export interface PeerConnectionFlags {
  /** Stats are legacy (goog) stats mapped onto standard types. */
  legacyStats?: boolean;
  /** Some series hit the webrtc-internals 1000-sample cap: the start of the call is missing. */
  statsTruncated?: boolean;
  /** webrtc-internals was opened after the connection existed: the log is a snapshot, not history. */
  lateOpenedSnapshot?: boolean;
  /** Vocabulary of the webrtc-internals updateLog. */
  updateLogEra?: UpdateLogEra;
  /** Event times were reconstructed from locale strings anchored on stats times (old internals). */
  eventTimesEstimated?: boolean;
}

/** One RTCPeerConnection as recorded by a dump, normalized. */
export interface RawPeerConnection {
  readonly id: string;
  url?: string;
  /** RTCConfiguration with credentials removed. */
  configuration?: Record<string, unknown>;
  /** Legacy constraints argument, as recorded. */
  constraints?: unknown;
  /** Event log in recorded order (timestamps non-decreasing where known). */
  readonly events: TraceEvent[];
  readonly stats: StatsStore;
  readonly flags: PeerConnectionFlags;
}
