/**
 * callscope: WebRTC session analysis.
 *
 * @example
 * import { analyzeDump } from 'callscope';
 * const { data } = await analyzeDump('webrtc_internals_dump.txt');
 * console.log(data.durationMs, data.connectivity, Object.keys(data.streams));
 */
export { type AnalyzeOptions, type AnalyzeResult, analyzeDump } from './analysis/analyze-dump.js';
export { DumpError, type DumpErrorKind, type DumpInput, isDumpError } from './ingest/index.js';
export type { AnalyzeResponseData } from './model/payload/index.js';
export { PROCESSOR_VERSION } from './version.js';
