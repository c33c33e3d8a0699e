export type { ClientInfo, Identity } from './client-info.js';
export type { DumpFormat, FormatInfo, UpdateLogEra } from './dump-format.js';
export type { PeerConnectionFlags, RawPeerConnection } from './peer-connection.js';
export {
  collectingSink,
  mergeDefined,
  mergeIdentity,
  type RawSession,
  type SessionSink,
} from './session-sink.js';
export { ColumnarStatsReport, type RawSeries } from './stats-columnar.js';
export { type StatsReport, StatsStore, toNumber } from './stats-report.js';
export { RowStatsReport } from './stats-rows.js';
export type { TraceEvent } from './trace-event.js';
