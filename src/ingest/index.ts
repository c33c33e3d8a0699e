export { DumpError, type DumpErrorKind, isDumpError } from './errors.js';
export type { DumpInput } from './input.js';
export { type ReadOptions, type ReadResult, readDump } from './read-dump.js';
